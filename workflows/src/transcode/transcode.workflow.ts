import { ApplicationFailure, isCancellation, proxyActivities } from '../runtime';
import { messageOf } from '../failure-message';
import type { TranscodeActivities, TranscodeInput } from './transcode.activities.types';

export const TRANSCODE_TASK_QUEUE = 'media';

// Store, probe and the five renditions of a video as planned before the 'playable' render (now four steps).
const LONGEST_RUN = 7;

const mediaOptions = {
  taskQueue: TRANSCODE_TASK_QUEUE,
  startToCloseTimeout: '4 hours',
  // ffmpeg heartbeats with its progress; a worker that died mid-render is noticed within this.
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 4 },
} as const;

const bookkeepingOptions = {
  taskQueue: TRANSCODE_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
} as const;

/**
 * Task priorities (Temporal's, honoured by both runtimes): what makes an item playable (storing, probing, the first
 * rendition of its plan, the bookkeeping that ends the run) goes before every item's remaining renditions; among
 * equals tenants take turns, then the oldest run goes first.
 */
const PLAYABLE_PRIORITY = 1;
const RENDITION_PRIORITY = 3;

function activities(input: TranscodeInput) {
  const priority = (priorityKey: number) => ({ priorityKey, fairnessKey: input.tenantId });
  return {
    playable: proxyActivities<TranscodeActivities>({ ...mediaOptions, priority: priority(PLAYABLE_PRIORITY) }),
    rendition: proxyActivities<TranscodeActivities>({ ...mediaOptions, priority: priority(RENDITION_PRIORITY) }),
    bookkeeping: proxyActivities<TranscodeActivities>({ ...bookkeepingOptions, priority: priority(PLAYABLE_PRIORITY) }),
  };
}

/**
 * Upload finished → original stored → probed → renditions for the item type → done. For audio and video the
 * renditions are the poster, then one decode that publishes the HLS while it grows and makes the rest. A business failure (malformed
 * media) ends the run with the item in ERROR and the reason on it; cancellation leaves the bookkeeping to whoever
 * cancelled.
 */
export async function transcodeWorkflow(input: TranscodeInput): Promise<void> {
  const { playable, rendition, bookkeeping } = activities(input);
  try {
    // Before the probe the plan is unknown: count on the longest (video) so progress never goes backwards.
    await playable.storeOriginal({ ...input, stepIndex: 0, stepCount: LONGEST_RUN });
    const { steps: plan } = await playable.probeOriginal({ ...input, stepIndex: 1, stepCount: LONGEST_RUN });
    const stepCount = plan.length + 2;
    // What makes the item playable goes first: up to the 'playable' render (poster, then the growing HLS) when the
    // plan has one, else its first step (image previews, document thumbnail; and the proxy of plans recorded
    // before 'playable' existed). The plan is the probe's recorded result, so replays of those runs decide alike.
    const playableSteps = Math.max(1, plan.indexOf('playable') + 1);
    for (const [index, kind] of plan.entries()) {
      const media = index < playableSteps ? playable : rendition;
      await media.render({ ...input, kind, stepIndex: index + 2, stepCount });
    }
    await bookkeeping.completeTranscode(input);
  } catch (error) {
    if (isCancellation(error)) throw error;
    await bookkeeping.failTranscode({ ...input, message: messageOf(error) });
    throw ApplicationFailure.nonRetryable(messageOf(error), 'TranscodeFailed');
  }
}
