import { condition, defineQuery, defineSignal, proxyActivities, setHandler, workflowInfo } from '../runtime';
import type {
  CrashRecordingActivities,
  TCrashRecordingEnd,
  TCrashRecordingInput,
  TCrashRecordingItem,
  TCrashRecordingState,
} from './crash-recording.activities.types';

export const CRASH_RECORDING_TASK_QUEUE = 'live';

export const stopCrashRecordingSignal = defineSignal('stop');
export const switchCrashRecordingSignal = defineSignal<[{ sourceId: string }]>('switch');
/** The recorder activity asks this between segments: a signal cannot reach an activity that is running. */
export const crashRecordingStateQuery = defineQuery<TCrashRecordingState>('state');

/** A business key per source: one crash recording of a source at a time. */
export function crashRecordingWorkflowId(tenantId: string, sourceId: string): string {
  return `${tenantId}:live-source:${sourceId}:crash-recording`;
}

/** A silent source is tried again this often, and given up after this many silent tries in a row (~5 minutes). */
const RECONNECT_PAUSE = '5 seconds';
const RECONNECT_TRIES = 40;

const { beginCrashRecording, finishCrashRecording } = proxyActivities<CrashRecordingActivities>({
  taskQueue: CRASH_RECORDING_TASK_QUEUE,
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

const { recordLive } = proxyActivities<CrashRecordingActivities>({
  taskQueue: CRASH_RECORDING_TASK_QUEUE,
  // Bounded by the tenant's duration (at most a day); a dead worker is noticed by its missing heartbeats.
  startToCloseTimeout: '25 hours',
  heartbeatTimeout: '30 seconds',
  // No attempt limit: a recording outlives any number of worker restarts until its duration ends it.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

/**
 * Records a live source into one item of type live until stopped, until the tenant's crash recording duration has
 * passed, or until the source stays silent past the reconnection window. A switch moves the recorder to another
 * source in the same item (the proxy playlist marks the discontinuity); a source that drops out and comes back,
 * and a server that restarts, leave a gap in the same item. On the end the segments are joined into the item's
 * original, handed to the usual processing (its own transcode run), and the source is free to record again.
 */
export async function crashRecordingWorkflow(input: TCrashRecordingInput): Promise<{ itemId: string }> {
  const state: TCrashRecordingState = { sourceId: input.sourceId, stopRequested: false, itemId: null };
  setHandler(stopCrashRecordingSignal, () => {
    state.stopRequested = true;
  });
  setHandler(switchCrashRecordingSignal, ({ sourceId }) => {
    state.sourceId = sourceId;
  });
  setHandler(crashRecordingStateQuery, () => state);

  const { workflowId } = workflowInfo();
  const item: TCrashRecordingItem = await beginCrashRecording({ ...input, workflowId });
  state.itemId = item.itemId;
  let silentTries = 0;
  let ended: TCrashRecordingEnd = 'stopped';
  while (!state.stopRequested) {
    const result = await recordLive({ ...item, tenantId: input.tenantId, sourceId: state.sourceId, workflowId });
    if (result.outcome === 'stopped') break;
    if (result.outcome === 'deadline') {
      ended = 'deadline';
      break;
    }
    if (result.outcome === 'switched') {
      silentTries = 0;
      continue;
    }
    silentTries = result.segments > 0 ? 0 : silentTries + 1;
    if (silentTries >= RECONNECT_TRIES) {
      ended = 'source-lost';
      break;
    }
    await condition(() => state.stopRequested, RECONNECT_PAUSE);
  }
  await finishCrashRecording({ ...input, ended, endedSourceId: state.sourceId });
  return { itemId: item.itemId };
}
