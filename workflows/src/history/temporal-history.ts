/**
 * An embedded run as a Temporal workflow history: the JSON `temporal workflow show --output json` and the web UI
 * download (proto3 JSON of temporal.api.history.v1.History), so an operator can inspect it with Temporal's tools
 * and CI can replay it in Temporal's own workflow sandbox (see history-replay.ts).
 *
 * The journal keeps what Temporal's history keeps, minus workflow tasks. Those are rebuilt from `seenSeq` on each
 * command record (the last journal event the workflow code had seen when it decided): every input (start, activity
 * outcome, fired timer, signal, cancel request) gets a workflow task of its own, holding the commands decided right
 * after it. That is how the embedded runtime runs code (it settles after each input), and inputs that arrived
 * while a task was deciding come after its commands, as Temporal buffers them.
 */
import {
  createWorkflowRepository,
  type Database,
  type TActivityTaskOptions,
  type TWorkflowEventKind,
  type TWorkflowEventRow,
  type TWorkflowExecutionRow,
} from '@mam/db';
import {
  DefaultFailureConverter,
  defaultPayloadConverter,
  encodeRetryState,
  WorkflowNotFoundError,
} from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { fromFailure, type TSerializedFailure } from '../embedded/failure';
import { historyToJSON } from './history-json';

/**
 * A history event as History.fromObject takes it. Not the generated IHistoryEvent: that wants Long for int64
 * fields, and fromObject takes numbers as well.
 */
export type IHistoryEvent = Record<string, unknown>;
type IPayloads = temporal.api.common.v1.IPayloads;
type IFailure = temporal.api.failure.v1.IFailure;
type IDuration = { seconds: number; nanos: number };

/** A Temporal workflow history in proto3 JSON: `{ events: [...] }`, int64 as strings, bytes in base64. */
export interface TTemporalHistoryJson {
  events: Array<Record<string, unknown>>;
}

/** Who did it, in the history's identity fields. */
const IDENTITY = 'mam-embedded-runtime';
/**
 * The SDK flags a current TypeScript worker records on its first workflow task. Core's 1 turns on its checks that
 * activity ids and types match on replay (without it a renamed activity replays cleanly); 3 keeps commands issued
 * beside the close (the journal keeps them too). Lang's 1 and 2: today's cancellation scopes and job batching.
 */
const CORE_FLAGS = [1, 2, 3];
const LANG_FLAGS = [1, 2];
const WORKFLOW_TASK_TIMEOUT: IDuration = { seconds: 10, nanos: 0 };

const INPUT_KINDS = new Set([
  'WorkflowStarted',
  'ActivityCompleted',
  'ActivityFailed',
  'ActivityCancelled',
  'TimerFired',
  'SignalReceived',
  'CancelRequested',
]);
const CLOSE_KINDS = new Set(['WorkflowCompleted', 'WorkflowFailed', 'WorkflowCancelled']);

const failureConverter = new DefaultFailureConverter();
const EventType = temporal.api.enums.v1.EventType;
const NORMAL_QUEUE = temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL;

/** How one journal kind becomes a Temporal history event (see `builders`). */
interface TEventBuilder {
  type: temporal.api.enums.v1.EventType;
  /** The event's attributes field, named after its type as Temporal's proto names it. */
  key: string;
  /** Undefined leaves the event out (an activity outcome whose scheduling never reached the history). */
  attributes: (event: TWorkflowEventRow, seq: number, decidedIn: number) => Record<string, unknown> | undefined;
  /** Where the event's id is kept, by command seq, for the events that refer back to it. */
  ids?: Map<number, number>;
}

function payloads(values: unknown[]): IPayloads {
  return { payloads: values.map((value) => defaultPayloadConverter.toPayload(value)) };
}

function failureOf(serialized: unknown): IFailure {
  return failureConverter.errorToFailure(fromFailure(serialized as TSerializedFailure), defaultPayloadConverter);
}

function duration(ms: number | null | undefined): IDuration | undefined {
  if (ms === null || ms === undefined) return undefined;
  return { seconds: Math.floor(ms / 1000), nanos: Math.round((ms % 1000) * 1e6) };
}

function timestamp(date: Date): IDuration {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
}

/** Builds the history events of a run from its row and journal (in journal order); see the module comment. */
export function toTemporalHistoryEvents(
  execution: TWorkflowExecutionRow,
  journal: TWorkflowEventRow[],
): IHistoryEvent[] {
  const events: IHistoryEvent[] = [];
  const add = (event: IHistoryEvent, at: Date): number => {
    const eventId = events.length + 1;
    events.push({ eventId, eventTime: timestamp(at), taskId: eventId, ...event });
    return eventId;
  };

  // Which input each command record was decided after: its seenSeq mapped onto the latest input at or before it
  // (0 is the run's first activation). Records written before seenSeq existed fall back to the input before them.
  const inputs = journal.filter((event) => INPUT_KINDS.has(event.kind));
  const inputAtOrBefore = (seq: number): number => {
    // Binary search: long-lived runs (a signal a day for years) have long journals.
    let low = 0;
    let high = inputs.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (inputs[middle]!.seq <= seq) low = middle;
      else high = middle - 1;
    }
    return inputs[low]?.seq ?? 1;
  };
  const decisions = new Map<number, TWorkflowEventRow[]>();
  let lastInput = 1;
  for (const event of journal) {
    if (INPUT_KINDS.has(event.kind)) {
      lastInput = event.seq;
      continue;
    }
    if (event.kind === 'WorkflowTerminated') continue;
    const seen = event.payload.seenSeq;
    const input = typeof seen === 'number' ? inputAtOrBefore(seen) : lastInput;
    decisions.set(input, [...(decisions.get(input) ?? []), event]);
  }
  // Commands issued and cancelled in one workflow task never reach Temporal's history: its core drops both
  // before completing the task (they still use up their ids).
  for (const records of decisions.values()) {
    const cancelled = new Set(
      records
        .filter((event) => event.kind === 'ActivityCancelRequested' || event.kind === 'TimerCancelled')
        .map((event) => event.commandSeq),
    );
    const issuedHere = new Set(
      records
        .filter(
          (event) =>
            (event.kind === 'ActivityScheduled' || event.kind === 'TimerStarted') && cancelled.has(event.commandSeq),
        )
        .map((event) => event.commandSeq),
    );
    for (let index = records.length - 1; index >= 0; index--) {
      if (issuedHere.has(records[index]!.commandSeq)) records.splice(index, 1);
    }
  }
  const closeInput = [...decisions.entries()].find(([, records]) =>
    records.some((event) => CLOSE_KINDS.has(event.kind)),
  )?.[0];
  // The inputs the code has seen: up to its close, or up to where the runtime persisted its last activation.
  const seenUpTo = closeInput ?? Math.max(execution.replayedSeq, ...decisions.keys());

  // Temporal ids: activities and timers are numbered separately, in the order the code issued them.
  const activityIds = new Map<number, string>();
  const timerIds = new Map<number, string>();
  const scheduledIds = new Map<number, number>();
  const startedIds = new Map<number, number>();
  const cancelRequestedIds = new Map<number, number>();
  for (const event of journal) {
    if (event.commandSeq === null) continue;
    if (event.kind === 'ActivityScheduled') activityIds.set(event.commandSeq, String(activityIds.size + 1));
    if (event.kind === 'TimerStarted') timerIds.set(event.commandSeq, String(timerIds.size + 1));
  }

  let firstTask = true;
  const workflowTask = (at: Date): number => {
    const scheduledEventId = workflowTaskScheduled(add, execution.taskQueue, at);
    const startedEventId = add(
      {
        eventType: EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED,
        workflowTaskStartedEventAttributes: { scheduledEventId, identity: IDENTITY },
      },
      at,
    );
    const completed = add(
      {
        eventType: EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
        workflowTaskCompletedEventAttributes: {
          scheduledEventId,
          startedEventId,
          identity: IDENTITY,
          ...(firstTask ? { sdkMetadata: { coreUsedFlags: CORE_FLAGS, langUsedFlags: LANG_FLAGS } } : {}),
        },
      },
      at,
    );
    firstTask = false;
    return completed;
  };

  const activityStarted = (event: TWorkflowEventRow): number | undefined => {
    const seq = event.commandSeq ?? 0;
    const scheduledEventId = scheduledIds.get(seq);
    if (scheduledEventId === undefined) return undefined;
    // Temporal writes a retried activity's started event when its last attempt ends, with that attempt's number.
    const startedEventId = add(
      {
        eventType: EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED,
        activityTaskStartedEventAttributes: {
          scheduledEventId,
          identity: IDENTITY,
          attempt: typeof event.payload.attempt === 'number' ? event.payload.attempt : 1,
        },
      },
      event.createdAt,
    );
    startedIds.set(seq, startedEventId);
    return startedEventId;
  };

  /** An activity's outcome after its started event, or nothing when its scheduling never reached the history. */
  const outcome =
    (own: (event: TWorkflowEventRow, seq: number) => Record<string, unknown>) =>
    (event: TWorkflowEventRow, seq: number): Record<string, unknown> | undefined => {
      const startedEventId = activityStarted(event);
      if (startedEventId === undefined) return undefined;
      return { ...own(event, seq), scheduledEventId: scheduledIds.get(seq), startedEventId, identity: IDENTITY };
    };
  const resultOf = (event: TWorkflowEventRow): IPayloads =>
    payloads([(event.payload.result as { value?: unknown } | undefined)?.value]);
  const argsOf = (event: TWorkflowEventRow): IPayloads => payloads((event.payload.args as unknown[] | undefined) ?? []);

  /**
   * Each journal kind as Temporal's event: its type, its attributes (a command's name the workflow task that decided
   * it, `decidedIn`), and where its id is kept for the events that refer back to it.
   */
  const builders: Record<TWorkflowEventKind, TEventBuilder> = {
    WorkflowStarted: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED,
      key: 'workflowExecutionStartedEventAttributes',
      attributes: () => ({
        workflowType: { name: execution.type },
        taskQueue: { name: execution.taskQueue, kind: NORMAL_QUEUE },
        input: payloads(execution.input),
        workflowTaskTimeout: WORKFLOW_TASK_TIMEOUT,
        originalExecutionRunId: execution.runId,
        firstExecutionRunId: execution.runId,
        identity: IDENTITY,
        attempt: 1,
        header: {},
      }),
    },
    ActivityCompleted: {
      type: EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED,
      key: 'activityTaskCompletedEventAttributes',
      attributes: outcome((event) => ({ result: resultOf(event) })),
    },
    ActivityFailed: {
      type: EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED,
      key: 'activityTaskFailedEventAttributes',
      // The journal keeps the ActivityFailure the code sees; Temporal's event keeps its cause and retry state,
      // from which the SDK builds that ActivityFailure.
      attributes: outcome((event) => {
        const failure = event.payload.failure as TSerializedFailure;
        return {
          failure: failureOf(failure.class === 'ActivityFailure' && failure.cause ? failure.cause : failure),
          retryState: encodeRetryState(failure.retryState),
        };
      }),
    },
    ActivityCancelled: {
      type: EventType.EVENT_TYPE_ACTIVITY_TASK_CANCELED,
      key: 'activityTaskCanceledEventAttributes',
      attributes: outcome((_event, seq) => ({ latestCancelRequestedEventId: cancelRequestedIds.get(seq) })),
    },
    TimerFired: {
      type: EventType.EVENT_TYPE_TIMER_FIRED,
      key: 'timerFiredEventAttributes',
      attributes: (_event, seq) => ({ timerId: timerIds.get(seq), startedEventId: scheduledIds.get(seq) }),
    },
    SignalReceived: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED,
      key: 'workflowExecutionSignaledEventAttributes',
      attributes: (event) => ({
        signalName: event.payload.name as string,
        input: argsOf(event),
        identity: IDENTITY,
        header: {},
      }),
    },
    CancelRequested: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED,
      key: 'workflowExecutionCancelRequestedEventAttributes',
      attributes: () => ({ identity: IDENTITY }),
    },
    ActivityScheduled: {
      type: EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED,
      key: 'activityTaskScheduledEventAttributes',
      ids: scheduledIds,
      attributes: (event, seq, decidedIn) => {
        const options = event.payload.options as TActivityTaskOptions;
        const priority =
          options.priorityKey !== undefined || options.fairnessKey !== undefined
            ? { priority: { priorityKey: options.priorityKey, fairnessKey: options.fairnessKey } }
            : {};
        return {
          activityId: activityIds.get(seq),
          activityType: { name: event.payload.activityType as string },
          taskQueue: { name: event.payload.taskQueue as string, kind: NORMAL_QUEUE },
          header: {},
          input: argsOf(event),
          scheduleToCloseTimeout: duration(options.scheduleToCloseMs),
          startToCloseTimeout: duration(options.startToCloseMs),
          heartbeatTimeout: duration(options.heartbeatMs),
          workflowTaskCompletedEventId: decidedIn,
          retryPolicy: {
            initialInterval: duration(options.retry.initialMs),
            backoffCoefficient: options.retry.backoffCoefficient,
            maximumInterval: duration(options.retry.maximumMs),
            maximumAttempts: options.retry.maximumAttempts,
            nonRetryableErrorTypes: options.retry.nonRetryableErrorTypes,
          },
          ...priority,
        };
      },
    },
    TimerStarted: {
      type: EventType.EVENT_TYPE_TIMER_STARTED,
      key: 'timerStartedEventAttributes',
      ids: scheduledIds,
      attributes: (event, seq, decidedIn) => ({
        timerId: timerIds.get(seq),
        startToFireTimeout: duration(event.payload.delayMs as number),
        workflowTaskCompletedEventId: decidedIn,
      }),
    },
    ActivityCancelRequested: {
      type: EventType.EVENT_TYPE_ACTIVITY_TASK_CANCEL_REQUESTED,
      key: 'activityTaskCancelRequestedEventAttributes',
      ids: cancelRequestedIds,
      attributes: (_event, seq, decidedIn) => ({
        scheduledEventId: scheduledIds.get(seq),
        workflowTaskCompletedEventId: decidedIn,
      }),
    },
    TimerCancelled: {
      type: EventType.EVENT_TYPE_TIMER_CANCELED,
      key: 'timerCanceledEventAttributes',
      attributes: (_event, seq, decidedIn) => ({
        timerId: timerIds.get(seq),
        startedEventId: scheduledIds.get(seq),
        workflowTaskCompletedEventId: decidedIn,
        identity: IDENTITY,
      }),
    },
    WorkflowCompleted: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
      key: 'workflowExecutionCompletedEventAttributes',
      attributes: (event, _seq, decidedIn) => ({ result: resultOf(event), workflowTaskCompletedEventId: decidedIn }),
    },
    WorkflowFailed: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED,
      key: 'workflowExecutionFailedEventAttributes',
      attributes: (event, _seq, decidedIn) => ({
        failure: failureOf(event.payload.failure),
        retryState: temporal.api.enums.v1.RetryState.RETRY_STATE_NON_RETRYABLE_FAILURE,
        workflowTaskCompletedEventId: decidedIn,
      }),
    },
    WorkflowCancelled: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED,
      key: 'workflowExecutionCanceledEventAttributes',
      attributes: (_event, _seq, decidedIn) => ({ workflowTaskCompletedEventId: decidedIn }),
    },
    WorkflowTerminated: {
      type: EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED,
      key: 'workflowExecutionTerminatedEventAttributes',
      attributes: (event) => ({
        reason: (event.payload.failure as TSerializedFailure | undefined)?.message ?? 'Terminated',
        identity: IDENTITY,
      }),
    },
  };

  /** One journal event as Temporal's; a command's names the workflow task that decided it. */
  const addEvent = (event: TWorkflowEventRow, workflowTaskCompletedEventId = 0): void => {
    const seq = event.commandSeq ?? 0;
    const builder = builders[event.kind];
    const attributes = builder.attributes(event, seq, workflowTaskCompletedEventId);
    if (attributes === undefined) return;
    const id = add({ eventType: builder.type, [builder.key]: attributes }, event.createdAt);
    builder.ids?.set(seq, id);
  };

  let pendingSince: Date | undefined;
  for (const event of journal) {
    if (event.kind === 'WorkflowTerminated') {
      if (pendingSince) {
        workflowTaskScheduled(add, execution.taskQueue, pendingSince);
        pendingSince = undefined;
      }
      addEvent(event);
      break;
    }
    if (!INPUT_KINDS.has(event.kind)) continue;
    // Inputs after the close were never seen by the code (Temporal would not have accepted the close).
    if (closeInput !== undefined && event.seq > closeInput) break;
    addEvent(event);
    if (event.seq > seenUpTo) {
      pendingSince ??= event.createdAt;
      continue;
    }
    const records = decisions.get(event.seq) ?? [];
    const completedEventId = workflowTask(records[0]?.createdAt ?? event.createdAt);
    for (const record of records) addEvent(record, completedEventId);
  }
  // Inputs waiting for the code: their workflow task is scheduled, not yet started.
  if (pendingSince) workflowTaskScheduled(add, execution.taskQueue, pendingSince);
  return events;
}

function workflowTaskScheduled(add: (event: IHistoryEvent, at: Date) => number, taskQueue: string, at: Date): number {
  return add(
    {
      eventType: EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED,
      workflowTaskScheduledEventAttributes: {
        taskQueue: { name: taskQueue, kind: NORMAL_QUEUE },
        startToCloseTimeout: WORKFLOW_TASK_TIMEOUT,
        attempt: 1,
      },
    },
    at,
  );
}

/** A run and its journal as Temporal's history JSON (see the module comment). */
export function toTemporalHistory(
  execution: TWorkflowExecutionRow,
  journal: TWorkflowEventRow[],
): TTemporalHistoryJson {
  return historyToJSON({ events: toTemporalHistoryEvents(execution, journal) });
}

/**
 * Exports an embedded run (its workflow_execution row and workflow_event journal) as the Temporal workflow history
 * JSON that Temporal's CLI and web UI export. WorkflowNotFoundError for an unknown id; a run Temporal owns has its
 * history on the Temporal server, not here.
 */
export async function exportTemporalHistory(db: Database, workflowId: string): Promise<TTemporalHistoryJson> {
  const repo = createWorkflowRepository(db);
  const execution = await repo.findExecution(workflowId);
  if (!execution) throw new WorkflowNotFoundError(`Workflow ${workflowId} not found`, workflowId, undefined);
  if (execution.runtime !== 'embedded') {
    throw new Error(`Workflow ${workflowId} runs on Temporal: its history is the Temporal server's`);
  }
  return toTemporalHistory(execution, await repo.listEvents(workflowId));
}
