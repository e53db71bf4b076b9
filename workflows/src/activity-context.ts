import { AsyncLocalStorage } from 'node:async_hooks';
import { Context } from '@temporalio/activity';
import { temporalRunContextStorage } from './temporal/run-context.activity-interceptor';

/** What an activity knows about itself, on either runtime. */
export interface ActivityContext {
  /**
   * Reports liveness (and progress in `details`, kept as the last heartbeat details). Required within the
   * heartbeat timeout when one is set; cancellation reaches other processes through heartbeats, as on Temporal.
   */
  heartbeat(details?: unknown): void;
  /** Aborted when the workflow cancels the activity or the attempt times out: stop work (kill the ffmpeg child). */
  signal: AbortSignal;
  /**
   * requestId: the HTTP request that started the run, when one did; traceParent: the span that started it, when
   * tracing was on (on Temporal they arrive as the activity task's headers).
   */
  info: { workflowId: string; activityType: string; attempt: number; requestId?: string; traceParent?: string };
}

const STORAGE_KEY = Symbol.for('mam.workflows.embedded.activity');

/** One storage per process even if this module is loaded twice (test runners). */
export const embeddedActivityStorage: AsyncLocalStorage<ActivityContext> = (() => {
  const global = globalThis as { [STORAGE_KEY]?: AsyncLocalStorage<ActivityContext> };
  global[STORAGE_KEY] ??= new AsyncLocalStorage<ActivityContext>();
  return global[STORAGE_KEY];
})();

/** What the running activity knows about itself, or undefined outside an activity. */
export function currentActivityInfo(): ActivityContext['info'] | undefined {
  const embedded = embeddedActivityStorage.getStore();
  if (embedded) return embedded.info;
  try {
    const { info } = Context.current();
    return {
      workflowId: info.workflowExecution?.workflowId ?? '',
      activityType: info.activityType,
      attempt: info.attempt,
      ...temporalRunContextStorage.getStore(),
    };
  } catch {
    return undefined;
  }
}

/** The running activity's context: the embedded runtime's, or Temporal's when a Temporal worker runs it. */
export function currentActivity(): ActivityContext {
  const embedded = embeddedActivityStorage.getStore();
  if (embedded) return embedded;
  let context: Context;
  try {
    context = Context.current();
  } catch {
    throw new Error('currentActivity() was called outside an activity');
  }
  return {
    heartbeat: (details) => context.heartbeat(details),
    signal: context.cancellationSignal,
    info: {
      workflowId: context.info.workflowExecution?.workflowId ?? '',
      activityType: context.info.activityType,
      ...temporalRunContextStorage.getStore(),
      attempt: context.info.attempt,
    },
  };
}
