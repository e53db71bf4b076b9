import {
  ActivityFailure,
  ApplicationFailure,
  CancelledFailure,
  RetryState,
  TerminatedFailure,
  TimeoutFailure,
  TimeoutType,
} from '@temporalio/common';

/**
 * A failure as the journal keeps it. Rebuilt as Temporal's failure classes, so workflow code and callers see the
 * same errors on both runtimes: anything that is not a Temporal failure becomes an ApplicationFailure whose type
 * is the error's class name, as Temporal converts it.
 */
export interface TSerializedFailure {
  class: 'ApplicationFailure' | 'CancelledFailure' | 'TimeoutFailure' | 'ActivityFailure' | 'TerminatedFailure';
  message: string;
  stack?: string;
  type?: string | null;
  nonRetryable?: boolean;
  details?: unknown[];
  timeoutType?: TimeoutType;
  lastHeartbeatDetails?: unknown;
  activityType?: string;
  activityId?: string;
  retryState?: RetryState;
  cause?: TSerializedFailure;
}

const MAX_DEPTH = 10;

export function toFailure(error: unknown, depth = 0): TSerializedFailure {
  if (!(error instanceof Error)) {
    return { class: 'ApplicationFailure', message: String(error), type: 'Error', nonRetryable: false };
  }
  const cause = depth < MAX_DEPTH && error.cause instanceof Error ? { cause: toFailure(error.cause, depth + 1) } : {};
  const base = { message: error.message, stack: error.stack, ...cause };
  if (error instanceof ApplicationFailure) {
    return {
      ...base,
      class: 'ApplicationFailure',
      type: error.type ?? null,
      nonRetryable: error.nonRetryable ?? false,
      details: error.details ?? undefined,
    };
  }
  if (error instanceof CancelledFailure) return { ...base, class: 'CancelledFailure', details: [...error.details] };
  if (error instanceof TimeoutFailure) {
    return {
      ...base,
      class: 'TimeoutFailure',
      timeoutType: error.timeoutType,
      lastHeartbeatDetails: error.lastHeartbeatDetails,
    };
  }
  if (error instanceof ActivityFailure) {
    return {
      ...base,
      class: 'ActivityFailure',
      activityType: error.activityType,
      activityId: error.activityId,
      retryState: error.retryState,
    };
  }
  if (error instanceof TerminatedFailure) return { ...base, class: 'TerminatedFailure' };
  return { ...base, class: 'ApplicationFailure', type: error.constructor?.name ?? error.name, nonRetryable: false };
}

export function fromFailure(failure: TSerializedFailure): Error {
  const cause = failure.cause ? fromFailure(failure.cause) : undefined;
  let error: Error;
  switch (failure.class) {
    case 'CancelledFailure':
      error = new CancelledFailure(failure.message, failure.details ?? [], cause);
      break;
    case 'TimeoutFailure':
      error = new TimeoutFailure(
        failure.message,
        failure.lastHeartbeatDetails,
        failure.timeoutType ?? TimeoutType.START_TO_CLOSE,
      );
      break;
    case 'ActivityFailure':
      error = new ActivityFailure(
        failure.message,
        failure.activityType ?? 'unknown',
        failure.activityId,
        failure.retryState ?? RetryState.RETRY_STATE_UNSPECIFIED,
        undefined,
        cause,
      );
      break;
    case 'TerminatedFailure':
      error = new TerminatedFailure(failure.message, cause);
      break;
    case 'ApplicationFailure':
      error = ApplicationFailure.create({
        message: failure.message,
        type: failure.type ?? undefined,
        nonRetryable: failure.nonRetryable ?? false,
        details: failure.details,
        cause,
      });
      break;
  }
  if (failure.stack) error.stack = failure.stack;
  return error;
}

/** The deepest cause's message: what went wrong in the words of whoever noticed it. */
export function rootMessage(failure: TSerializedFailure): string {
  let current = failure;
  while (current.cause) current = current.cause;
  return current.message;
}
