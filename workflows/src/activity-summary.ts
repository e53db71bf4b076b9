import type { TPendingActivity, TWorkflowFailureSummary, TWorkflowHistoryEvent } from './engine';

export type TActivityState =
  'SCHEDULED' | 'STARTED' | 'COMPLETED' | 'FAILED' | 'TIMED_OUT' | 'CANCEL_REQUESTED' | 'CANCELLED';

/** One activity of a run, from its history events and (while it runs) what the runtime knows of its attempts. */
export interface TActivitySummary {
  ref: number;
  activityType: string;
  state: TActivityState;
  /** Attempts so far: the one that ended it, or the one running or due. */
  attempts: number;
  scheduledAt: Date;
  closedAt: Date | null;
  failure?: TWorkflowFailureSummary;
  /** Why the previous attempt failed, while a retry is pending. */
  lastFailure?: string;
}

const STATE_OF: Partial<Record<TWorkflowHistoryEvent['kind'], TActivityState>> = {
  ActivityScheduled: 'SCHEDULED',
  ActivityStarted: 'STARTED',
  ActivityCompleted: 'COMPLETED',
  ActivityFailed: 'FAILED',
  ActivityTimedOut: 'TIMED_OUT',
  ActivityCancelRequested: 'CANCEL_REQUESTED',
  ActivityCancelled: 'CANCELLED',
};

const CLOSED = new Set<TActivityState>(['COMPLETED', 'FAILED', 'TIMED_OUT', 'CANCELLED']);

export function summariseActivities(events: TWorkflowHistoryEvent[], pending: TPendingActivity[]): TActivitySummary[] {
  const byRef = new Map<number, TActivitySummary>();
  for (const event of events) {
    const state = STATE_OF[event.kind];
    if (!state || event.ref === undefined) continue;
    let activity = byRef.get(event.ref);
    if (!activity) {
      activity = {
        ref: event.ref,
        activityType: event.activityType ?? 'unknown',
        state,
        attempts: 1,
        scheduledAt: event.at,
        closedAt: null,
      };
      byRef.set(event.ref, activity);
    }
    activity.state = state;
    if (event.activityType) activity.activityType = event.activityType;
    if (event.attempt !== undefined) activity.attempts = event.attempt;
    if (event.failure && state !== 'STARTED') activity.failure = event.failure;
    if (CLOSED.has(state)) activity.closedAt = event.at;
  }
  for (const task of pending) {
    const activity = task.ref === undefined ? undefined : byRef.get(task.ref);
    if (!activity || CLOSED.has(activity.state)) continue;
    activity.attempts = task.attempt;
    if (task.state === 'STARTED') activity.state = 'STARTED';
    if (task.lastFailure) activity.lastFailure = task.lastFailure;
  }
  return [...byRef.values()];
}
