import { ApplicationFailure, isCancellation, proxyActivities } from '../runtime';
import { TRANSCODE_TASK_QUEUE, transcodeWorkflow } from '../transcode/transcode.workflow';
import type { CentralRenderActivities, CentralRenderInput } from './central-render.activities.types';
import { messageOf } from '../failure-message';

/** Renders share the media workers (and their ffmpeg concurrency) with transcodes. */
export const CENTRAL_RENDER_TASK_QUEUE = TRANSCODE_TASK_QUEUE;

/** Business key of a render's run. */
export function centralRenderWorkflowId(tenantId: string, renderId: string): string {
  return `${tenantId}:render:${renderId}`;
}

const render = proxyActivities<CentralRenderActivities>({
  taskQueue: CENTRAL_RENDER_TASK_QUEUE,
  startToCloseTimeout: '8 hours',
  // The render heartbeats with ffmpeg's progress; a worker that died mid-render is noticed within this.
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 4 },
});

const bookkeeping = proxyActivities<CentralRenderActivities>({
  taskQueue: CENTRAL_RENDER_TASK_QUEUE,
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
});

/**
 * Sequence → rendered file → the placeholder's original → the same processing an upload gets (the transcode
 * workflow's code, run inside this one so the render ends only when the placeholder plays) → done. A business failure
 * ends the run with the reason on the render and the placeholder; cancellation leaves the bookkeeping to whoever
 * cancelled, as the transcode does.
 */
export async function centralRenderWorkflow(input: CentralRenderInput): Promise<void> {
  try {
    const processing = await render.renderSequenceIntoPlaceholder(input);
    await transcodeWorkflow(processing);
    await bookkeeping.completeRender(input);
  } catch (error) {
    if (isCancellation(error)) throw error;
    await bookkeeping.failRender({ ...input, message: messageOf(error) });
    throw ApplicationFailure.nonRetryable(messageOf(error), 'CentralRenderFailed');
  }
}
