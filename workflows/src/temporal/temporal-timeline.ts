import type { temporal } from '@temporalio/proto';
import type { TWorkflowFailureSummary, TWorkflowHistoryEvent, TWorkflowHistoryEventKind } from '../engine';

type THistory = temporal.api.history.v1.IHistory;
type THistoryEvent = temporal.api.history.v1.IHistoryEvent;
type TFailure = temporal.api.failure.v1.IFailure;
type TLongish = number | { toNumber(): number } | string | null | undefined;

function num(value: TLongish): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  return value.toNumber();
}

function dateOf(ts: { seconds?: TLongish; nanos?: number | null } | null | undefined): Date {
  if (!ts) return new Date(0);
  return new Date(num(ts.seconds) * 1000 + Math.floor((ts.nanos ?? 0) / 1_000_000));
}

function msOf(duration: { seconds?: TLongish; nanos?: number | null } | null | undefined): number | undefined {
  if (!duration) return undefined;
  return num(duration.seconds) * 1000 + Math.floor((duration.nanos ?? 0) / 1_000_000);
}

/** A Temporal failure in a few words: its own message, the deepest cause's, and the most specific type. */
export function summariseTemporalFailure(failure: TFailure): TWorkflowFailureSummary {
  let root = failure;
  let type = failure.applicationFailureInfo?.type ?? undefined;
  while (root.cause) {
    root = root.cause;
    type = root.applicationFailureInfo?.type || type;
  }
  return { message: failure.message ?? '', ...(type ? { type } : {}), rootMessage: root.message ?? '' };
}

/**
 * A Temporal history as operators read it. Events are told apart by the attributes they carry rather than by
 * their type number, so JSON exports (type names) and fetched histories (numbers) read the same. Workflow tasks
 * and markers are Temporal's own bookkeeping and come out as 'Other'.
 */
export function temporalTimeline(history: THistory): TWorkflowHistoryEvent[] {
  // Started, completed and failed activity events point at the scheduling event; operators know activities by
  // their number (activityId) and type.
  const activities = new Map<number, { ref?: number; activityType?: string; attempt?: number }>();
  const timerRefs = (timerId: string | null | undefined) => {
    const ref = Number(timerId);
    return Number.isFinite(ref) && timerId ? { ref } : {};
  };
  return (history.events ?? []).map((raw: THistoryEvent): TWorkflowHistoryEvent => {
    const id = num(raw.eventId as TLongish);
    const at = dateOf(raw.eventTime as { seconds?: TLongish; nanos?: number });
    const event = (kind: TWorkflowHistoryEventKind, extra: Partial<TWorkflowHistoryEvent> = {}) => ({
      id,
      kind,
      at,
      ...extra,
    });
    const activity = (scheduledEventId: TLongish, extra: Partial<TWorkflowHistoryEvent> = {}) => {
      const known = activities.get(num(scheduledEventId)) ?? {};
      return {
        ...(known.ref !== undefined ? { ref: known.ref } : {}),
        ...(known.activityType ? { activityType: known.activityType } : {}),
        ...(known.attempt !== undefined ? { attempt: known.attempt } : {}),
        ...extra,
      };
    };
    const failure = (value: TFailure | null | undefined) => (value ? { failure: summariseTemporalFailure(value) } : {});

    if (raw.workflowExecutionStartedEventAttributes) return event('WorkflowStarted');
    const scheduled = raw.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const ref = Number(scheduled.activityId);
      const entry = {
        ...(Number.isFinite(ref) && scheduled.activityId ? { ref } : {}),
        activityType: scheduled.activityType?.name ?? undefined,
      };
      activities.set(id, entry);
      return event('ActivityScheduled', activity(id));
    }
    const started = raw.activityTaskStartedEventAttributes;
    if (started) {
      const known = activities.get(num(started.scheduledEventId as TLongish));
      if (known && started.attempt) known.attempt = started.attempt;
      return event('ActivityStarted', activity(started.scheduledEventId as TLongish, failure(started.lastFailure)));
    }
    const completed = raw.activityTaskCompletedEventAttributes;
    if (completed) return event('ActivityCompleted', activity(completed.scheduledEventId as TLongish));
    const failed = raw.activityTaskFailedEventAttributes;
    if (failed) return event('ActivityFailed', activity(failed.scheduledEventId as TLongish, failure(failed.failure)));
    const timedOut = raw.activityTaskTimedOutEventAttributes;
    if (timedOut) {
      return event('ActivityTimedOut', activity(timedOut.scheduledEventId as TLongish, failure(timedOut.failure)));
    }
    const cancelRequested = raw.activityTaskCancelRequestedEventAttributes;
    if (cancelRequested) {
      return event('ActivityCancelRequested', activity(cancelRequested.scheduledEventId as TLongish));
    }
    const cancelled = raw.activityTaskCanceledEventAttributes;
    if (cancelled) return event('ActivityCancelled', activity(cancelled.scheduledEventId as TLongish));
    const timerStarted = raw.timerStartedEventAttributes;
    if (timerStarted) {
      const timerMs = msOf(timerStarted.startToFireTimeout as { seconds?: TLongish; nanos?: number });
      return event('TimerStarted', {
        ...timerRefs(timerStarted.timerId),
        ...(timerMs !== undefined ? { timerMs } : {}),
      });
    }
    if (raw.timerFiredEventAttributes) return event('TimerFired', timerRefs(raw.timerFiredEventAttributes.timerId));
    if (raw.timerCanceledEventAttributes) {
      return event('TimerCancelled', timerRefs(raw.timerCanceledEventAttributes.timerId));
    }
    const signalled = raw.workflowExecutionSignaledEventAttributes;
    if (signalled) return event('SignalReceived', signalled.signalName ? { signalName: signalled.signalName } : {});
    if (raw.workflowExecutionCancelRequestedEventAttributes) return event('CancelRequested');
    if (raw.workflowExecutionCompletedEventAttributes) return event('WorkflowCompleted');
    const workflowFailed = raw.workflowExecutionFailedEventAttributes;
    if (workflowFailed) return event('WorkflowFailed', failure(workflowFailed.failure));
    if (raw.workflowExecutionCanceledEventAttributes) return event('WorkflowCancelled');
    const terminated = raw.workflowExecutionTerminatedEventAttributes;
    if (terminated) {
      const reason = terminated.reason || 'Terminated';
      return event('WorkflowTerminated', { failure: { message: reason, rootMessage: reason } });
    }
    if (raw.workflowExecutionTimedOutEventAttributes) return event('WorkflowTimedOut');
    if (raw.workflowExecutionContinuedAsNewEventAttributes) return event('WorkflowContinuedAsNew');
    return event('Other', { rawType: eventTypeName(raw) });
  });
}

/** 'WorkflowTaskScheduled' from the attributes field the event carries. */
function eventTypeName(raw: THistoryEvent): string {
  const field = Object.keys(raw).find((key) => key.endsWith('EventAttributes') && raw[key as keyof THistoryEvent]);
  if (!field) return 'Unspecified';
  const name = field.slice(0, -'EventAttributes'.length);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
