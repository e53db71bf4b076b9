import type { TWorkflowEventRow } from '@mam/db';
import type { TWorkflowFailureSummary, TWorkflowHistoryEvent } from '../engine';
import type { TSerializedFailure } from './failure';

/** A journalled failure in a few words: its own message, the deepest cause's, and the most specific type. */
export function summariseSerializedFailure(failure: TSerializedFailure): TWorkflowFailureSummary {
  let root = failure;
  let type = failure.type ?? undefined;
  while (root.cause) {
    root = root.cause;
    type = root.type ?? type;
  }
  return { message: failure.message, ...(type ? { type } : {}), rootMessage: root.message };
}

/**
 * An embedded run's journal as operators read it. Activity events name their activity even where the journal
 * record does not (a cancel request), from the record that scheduled it.
 */
export function journalTimeline(rows: TWorkflowEventRow[]): TWorkflowHistoryEvent[] {
  const activityTypes = new Map<number, string>();
  return rows.map((row) => {
    const payload = row.payload;
    const ref = row.commandSeq ?? undefined;
    const activityType = typeof payload.activityType === 'string' ? payload.activityType : undefined;
    if (ref !== undefined && activityType && row.kind === 'ActivityScheduled') activityTypes.set(ref, activityType);
    const failure = payload.failure as TSerializedFailure | undefined;
    const isActivity = row.kind.startsWith('Activity');
    const event: TWorkflowHistoryEvent = {
      id: row.seq,
      kind: row.kind,
      at: row.createdAt,
      ...(ref !== undefined ? { ref } : {}),
    };
    if (isActivity) {
      const type = activityType ?? (ref !== undefined ? activityTypes.get(ref) : undefined);
      if (type) event.activityType = type;
      if (typeof payload.attempt === 'number') event.attempt = payload.attempt;
    }
    if (row.kind === 'TimerStarted' && typeof payload.delayMs === 'number') event.timerMs = payload.delayMs;
    if (row.kind === 'SignalReceived' && typeof payload.name === 'string') event.signalName = payload.name;
    if (failure && typeof failure === 'object') event.failure = summariseSerializedFailure(failure);
    return event;
  });
}
