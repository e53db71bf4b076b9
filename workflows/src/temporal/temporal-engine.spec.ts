import { defaultPayloadConverter } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import type { WorkflowRepository } from '@mam/db';
import { summariseActivities } from '../activity-summary';
import { TemporalWorkflowEngine, visibilityQuery } from './temporal-engine';
import { temporalTimeline } from './temporal-timeline';

const ts = (iso: string) => {
  const ms = Date.parse(iso);
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
};
const memo = (fields: Record<string, unknown>) => ({
  fields: Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, defaultPayloadConverter.toPayload(value)]),
  ),
});

function execution(id: string, tenantId: string | null, status = 3) {
  return {
    execution: { workflowId: id, runId: `${id}-run` },
    type: { name: 'transcodeWorkflow' },
    status,
    startTime: ts('2026-11-27T10:00:00.250Z'),
    closeTime: status === 1 ? null : ts('2026-11-27T10:00:05Z'),
    memo: memo({ tenantId, itemId: 'item-1' }),
  };
}

/** A client whose visibility answers from pages given here, recording the requests. */
function fakeClient(pages: Array<{ executions: unknown[]; nextPageToken?: Uint8Array }>) {
  const requests: Array<{ query: string; pageSize: number; nextPageToken?: Uint8Array }> = [];
  const client = {
    options: { namespace: 'media' },
    workflowService: {
      listWorkflowExecutions: async (request: (typeof requests)[number]) => {
        requests.push(request);
        return pages[requests.length - 1] ?? { executions: [] };
      },
    },
  };
  return {
    requests,
    engine: new TemporalWorkflowEngine(client as unknown as Client, {} as WorkflowRepository),
  };
}

describe('the Temporal engine for operators', () => {
  it('turns filters into a visibility query, quoting values', () => {
    expect(
      visibilityQuery({
        types: ['transcodeWorkflow', "o'hara"],
        statuses: ['FAILED', 'CANCELLED'],
        startedFrom: new Date('2026-11-01T00:00:00Z'),
        startedTo: new Date('2026-11-02T00:00:00Z'),
      }),
    ).toBe(
      "(WorkflowType = 'transcodeWorkflow' OR WorkflowType = 'o\\'hara') AND " +
        "(ExecutionStatus = 'Failed' OR ExecutionStatus = 'TimedOut' OR ExecutionStatus = 'Canceled') AND " +
        "StartTime >= '2026-11-01T00:00:00.000Z' AND StartTime < '2026-11-02T00:00:00.000Z'",
    );
    expect(visibilityQuery({})).toBe('');
  });

  it("lists through visibility, keeps a tenant's runs by their memo and pages with Temporal's token", async () => {
    const { engine, requests } = fakeClient([
      { executions: [execution('a1', 'alpha'), execution('b1', 'bravo')], nextPageToken: new Uint8Array([1, 2]) },
      { executions: [execution('a2', 'alpha', 1)], nextPageToken: new Uint8Array([3]) },
    ]);
    const page = await engine.listPage({ tenant: { id: 'alpha' }, statuses: ['FAILED', 'RUNNING'], limit: 2 });
    expect(page.workflows).toEqual([
      {
        workflowId: 'a1',
        runId: 'a1-run',
        type: 'transcodeWorkflow',
        status: 'FAILED',
        tenantId: 'alpha',
        itemId: 'item-1',
        startedAt: new Date('2026-11-27T10:00:00.250Z'),
        closedAt: new Date('2026-11-27T10:00:05Z'),
      },
      expect.objectContaining({ workflowId: 'a2', status: 'RUNNING', closedAt: null }),
    ]);
    // Bravo's run took a place on the first page: the rest was asked for with the token.
    expect(requests.map((r) => [r.pageSize, r.nextPageToken && [...r.nextPageToken]])).toEqual([
      [2, undefined],
      [1, [1, 2]],
    ]);
    expect(requests[0]!.query).toBe(
      "(ExecutionStatus = 'Failed' OR ExecutionStatus = 'TimedOut' OR ExecutionStatus = 'Running')",
    );
    expect(page.nextCursor).not.toBeNull();

    const next = fakeClient([{ executions: [execution('a3', 'alpha')] }]);
    const last = await next.engine.listPage({ tenant: 'any', cursor: page.nextCursor!, limit: 2 });
    expect([...next.requests[0]!.nextPageToken!]).toEqual([3]);
    expect(last).toEqual({ workflows: [expect.objectContaining({ workflowId: 'a3' })], nextCursor: null });
  });

  it('shows runs without a tenant in their memo to the system only', async () => {
    const { engine } = fakeClient([{ executions: [execution('s1', null)] }]);
    expect((await engine.listPage({ tenant: { id: 'alpha' }, limit: 10 })).workflows).toEqual([]);
    const system = fakeClient([{ executions: [execution('s1', null)] }]);
    expect((await system.engine.listPage({ tenant: { id: null }, limit: 10 })).workflows).toHaveLength(1);
  });
});

describe('a Temporal history as a timeline', () => {
  const at = (second: number) => ts(`2026-11-27T10:00:0${second}Z`);
  const failure = {
    message: 'Activity task failed',
    cause: { message: 'moov atom not found', applicationFailureInfo: { type: 'MediaUnreadable' } },
  };
  const history = {
    events: [
      { eventId: 1, eventTime: at(0), workflowExecutionStartedEventAttributes: {} },
      { eventId: 2, eventTime: at(0), workflowTaskScheduledEventAttributes: {} },
      {
        eventId: 5,
        eventTime: at(1),
        activityTaskScheduledEventAttributes: { activityId: '1', activityType: { name: 'probeOriginal' } },
      },
      { eventId: 6, eventTime: at(2), activityTaskStartedEventAttributes: { scheduledEventId: 5, attempt: 4 } },
      { eventId: 7, eventTime: at(3), activityTaskFailedEventAttributes: { scheduledEventId: 5, failure } },
      {
        eventId: 8,
        eventTime: at(3),
        timerStartedEventAttributes: { timerId: '2', startToFireTimeout: { seconds: 90 } },
      },
      { eventId: 9, eventTime: at(4), workflowExecutionSignaledEventAttributes: { signalName: 'approve' } },
      { eventId: 10, eventTime: at(4), timerCanceledEventAttributes: { timerId: '2' } },
      { eventId: 11, eventTime: at(5), workflowExecutionTerminatedEventAttributes: { reason: 'by an operator' } },
    ],
  };

  it('names every event, ties activity events to their activity and keeps the errors', () => {
    const events = temporalTimeline(history as unknown as Parameters<typeof temporalTimeline>[0]);
    expect(events.map((event) => event.kind)).toEqual([
      'WorkflowStarted',
      'Other',
      'ActivityScheduled',
      'ActivityStarted',
      'ActivityFailed',
      'TimerStarted',
      'SignalReceived',
      'TimerCancelled',
      'WorkflowTerminated',
    ]);
    expect(events[1]).toMatchObject({ rawType: 'WorkflowTaskScheduled' });
    expect(events[4]).toMatchObject({
      id: 7,
      ref: 1,
      activityType: 'probeOriginal',
      attempt: 4,
      at: new Date('2026-11-27T10:00:03Z'),
      failure: { message: 'Activity task failed', type: 'MediaUnreadable', rootMessage: 'moov atom not found' },
    });
    expect(events[5]).toMatchObject({ ref: 2, timerMs: 90_000 });
    expect(events[6]).toMatchObject({ signalName: 'approve' });
    expect(events[8]).toMatchObject({ failure: { rootMessage: 'by an operator' } });
    expect(summariseActivities(events, [])).toEqual([
      expect.objectContaining({ ref: 1, activityType: 'probeOriginal', state: 'FAILED', attempts: 4 }),
    ]);
  });
});
