import type { TWorkflowEventKind, TWorkflowEventRow, TWorkflowExecutionRow } from '@mam/db';
import { historyFromJSON } from './history-json';
import { toTemporalHistory } from './temporal-history';

const execution = {
  id: 'unit:1',
  runId: '6f1c1d7e-8a3b-4c56-9d21-0a1b2c3d4e5f',
  runtime: 'embedded',
  type: 'approvalWorkflow',
  taskQueue: 'q',
  input: [1000],
  status: 'COMPLETED',
  replayedSeq: 0,
} as unknown as TWorkflowExecutionRow;

const options = {
  startToCloseMs: 10_000,
  scheduleToCloseMs: null,
  heartbeatMs: null,
  retry: { initialMs: 50, backoffCoefficient: 2, maximumMs: 200, maximumAttempts: 5, nonRetryableErrorTypes: [] },
};

function journal(...events: Array<[TWorkflowEventKind, number | null, Record<string, unknown>?]>): TWorkflowEventRow[] {
  return events.map(([kind, commandSeq, payload = {}], index) => ({
    executionId: execution.id,
    seq: index + 1,
    kind,
    commandSeq,
    payload,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
  }));
}

const types = (history: { events: Array<Record<string, unknown>> }) =>
  history.events.map((event) => (event.eventType as string).replace(/^EVENT_TYPE_/, ''));

describe('toTemporalHistory', () => {
  it("wraps each input's decisions in a workflow task and numbers activities and timers apart", () => {
    const history = toTemporalHistory(
      execution,
      journal(
        ['WorkflowStarted', null],
        ['TimerStarted', 1, { delayMs: 1000, seenSeq: 0 }],
        ['SignalReceived', null, { name: 'approve', args: ['Grace'] }],
        ['TimerCancelled', 1, { seenSeq: 3 }],
        ['ActivityScheduled', 2, { activityType: 'record', taskQueue: 'q', args: ['ok'], options, seenSeq: 3 }],
        ['ActivityCompleted', 2, { attempt: 2, result: { value: null } }],
        ['WorkflowCompleted', null, { result: { value: 'approved by Grace' }, seenSeq: 6 }],
      ),
    );
    expect(types(history)).toEqual([
      'WORKFLOW_EXECUTION_STARTED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'TIMER_STARTED',
      'WORKFLOW_EXECUTION_SIGNALED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'TIMER_CANCELED',
      'ACTIVITY_TASK_SCHEDULED',
      'ACTIVITY_TASK_STARTED',
      'ACTIVITY_TASK_COMPLETED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'WORKFLOW_EXECUTION_COMPLETED',
    ]);
    const [, , , , timer, signal, , , , cancelled, scheduled, started] = history.events as Array<
      Record<string, Record<string, unknown>>
    >;
    expect(timer!.timerStartedEventAttributes).toMatchObject({ timerId: '1', startToFireTimeout: '1s' });
    expect(cancelled!.timerCanceledEventAttributes).toMatchObject({ timerId: '1', startedEventId: '5' });
    expect(scheduled!.activityTaskScheduledEventAttributes).toMatchObject({
      activityId: '1',
      activityType: { name: 'record' },
      workflowTaskCompletedEventId: '9',
      retryPolicy: { initialInterval: '0.050s', maximumAttempts: 5 },
    });
    expect(started!.activityTaskStartedEventAttributes).toMatchObject({ attempt: 2 });
    // Temporal's JSON payload converter: base64 of "json/plain" and of the JSON.
    expect(signal!.workflowExecutionSignaledEventAttributes).toMatchObject({
      signalName: 'approve',
      input: { payloads: [{ metadata: { encoding: 'anNvbi9wbGFpbg==' }, data: 'IkdyYWNlIg==' }] },
    });
    expect(history.events[0]).toMatchObject({ eventId: '1', eventTime: '2026-01-01T00:00:00Z' });
  });

  it('puts an input that arrived while a task decided after that task, and a start cancelled at once nowhere', () => {
    const history = toTemporalHistory(
      execution,
      journal(
        ['WorkflowStarted', null],
        ['SignalReceived', null, { name: 'approve', args: ['early'] }],
        // Decided at the start, having seen only WorkflowStarted: the signal came in meanwhile.
        ['TimerStarted', 1, { delayMs: 1000, seenSeq: 0 }],
        ['TimerCancelled', 1, { seenSeq: 0 }],
        ['TimerStarted', 2, { delayMs: 5, seenSeq: 2 }],
        ['TimerFired', 2, {}],
        ['WorkflowCompleted', null, { result: {}, seenSeq: 6 }],
      ),
    );
    expect(types(history)).toEqual([
      'WORKFLOW_EXECUTION_STARTED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'WORKFLOW_EXECUTION_SIGNALED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'TIMER_STARTED',
      'TIMER_FIRED',
      'WORKFLOW_TASK_SCHEDULED',
      'WORKFLOW_TASK_STARTED',
      'WORKFLOW_TASK_COMPLETED',
      'WORKFLOW_EXECUTION_COMPLETED',
    ]);
    // The dropped timer still used up its id, as in the SDK.
    expect(history.events[8]).toMatchObject({ timerStartedEventAttributes: { timerId: '2' } });
  });

  it('leaves inputs the code has not seen with a scheduled workflow task, and ends a terminated run', () => {
    const running = toTemporalHistory(
      { ...execution, status: 'RUNNING', replayedSeq: 2 },
      journal(
        ['WorkflowStarted', null],
        ['TimerStarted', 1, { delayMs: 1000, seenSeq: 0 }],
        ['SignalReceived', null, { name: 'approve', args: ['x'] }],
      ),
    );
    expect(types(running).slice(4)).toEqual([
      'TIMER_STARTED',
      'WORKFLOW_EXECUTION_SIGNALED',
      'WORKFLOW_TASK_SCHEDULED',
    ]);
    const terminated = toTemporalHistory(
      { ...execution, status: 'TERMINATED', replayedSeq: 2 },
      journal(
        ['WorkflowStarted', null],
        ['TimerStarted', 1, { delayMs: 1000, seenSeq: 0 }],
        ['WorkflowTerminated', null, { failure: { class: 'TerminatedFailure', message: 'no longer needed' } }],
      ),
    );
    expect(types(terminated).slice(4)).toEqual(['TIMER_STARTED', 'WORKFLOW_EXECUTION_TERMINATED']);
    expect(terminated.events.at(-1)).toMatchObject({
      workflowExecutionTerminatedEventAttributes: { reason: 'no longer needed' },
    });
  });

  it("turns an activity's final failure into Temporal's: the cause, with the retry state", () => {
    const history = toTemporalHistory(
      { ...execution, status: 'FAILED' },
      journal(
        ['WorkflowStarted', null],
        ['ActivityScheduled', 1, { activityType: 'quota', taskQueue: 'q', args: [], options, seenSeq: 0 }],
        [
          'ActivityFailed',
          1,
          {
            attempt: 1,
            failure: {
              class: 'ActivityFailure',
              message: 'Activity task failed',
              activityType: 'quota',
              retryState: 'NON_RETRYABLE_FAILURE',
              cause: { class: 'ApplicationFailure', message: 'Quota exceeded', type: 'QuotaError' },
            },
          },
        ],
        [
          'WorkflowFailed',
          null,
          {
            failure: { class: 'ApplicationFailure', message: 'Nothing to do', type: 'NothingToDo', nonRetryable: true },
            seenSeq: 3,
          },
        ],
      ),
    );
    const failed = history.events.find((event) => event.eventType === 'EVENT_TYPE_ACTIVITY_TASK_FAILED');
    expect(failed?.activityTaskFailedEventAttributes).toMatchObject({
      retryState: 'RETRY_STATE_NON_RETRYABLE_FAILURE',
      failure: { message: 'Quota exceeded', applicationFailureInfo: { type: 'QuotaError' } },
    });
    expect(history.events.at(-1)?.workflowExecutionFailedEventAttributes).toMatchObject({
      failure: { message: 'Nothing to do', applicationFailureInfo: { type: 'NothingToDo', nonRetryable: true } },
    });
  });

  it("reads back as Temporal's History (the JSON round-trips)", () => {
    const history = toTemporalHistory(
      execution,
      journal(['WorkflowStarted', null], ['WorkflowCompleted', null, { result: { value: 1 }, seenSeq: 0 }]),
    );
    const parsed = historyFromJSON(JSON.parse(JSON.stringify(history)));
    expect(parsed.events).toHaveLength(5);
    expect(parsed.events[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name).toBe('approvalWorkflow');
    // tctl's older spelling of event types reads too.
    const tctl = { events: history.events.map((event) => ({ ...event, eventType: 'WorkflowTaskScheduled' })) };
    expect(historyFromJSON(tctl).events[0]?.eventType).toBe(historyFromJSON(history).events[1]?.eventType);
  });
});
