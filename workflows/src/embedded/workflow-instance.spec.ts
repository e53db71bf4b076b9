import type { TWorkflowEventKind, TWorkflowEventRow } from '@mam/db';
import { ActivityFailure, ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { IllegalStateError } from '@temporalio/workflow';
import { condition, defineSignal, proxyActivities, setHandler, sleep, uuid4 } from '../runtime';
import { fromFailure, toFailure } from './failure';
import {
  DIVERGENCE_FAILURE_TYPE,
  StaleInstanceError,
  WorkflowInstance,
  WorkflowTaskFailedError,
  type TWorkflowFunction,
} from './workflow-instance';

interface Acts {
  greet(name: string): Promise<string>;
  shout(text: string): Promise<string>;
}
const acts = proxyActivities<Acts>({ startToCloseTimeout: '1 minute' });
const goSignal = defineSignal<[string]>('go');

async function greetThenShout(name: string): Promise<string> {
  return acts.shout(await acts.greet(name));
}

const execution = {
  id: 'unit:1',
  runId: '6f1c1d7e-8a3b-4c56-9d21-0a1b2c3d4e5f',
  type: 'w',
  taskQueue: 'q',
  input: ['Ada'],
};

let seq = 0;
function event(kind: TWorkflowEventKind, commandSeq: number | null = null, payload: Record<string, unknown> = {}) {
  seq++;
  return { executionId: execution.id, seq, kind, commandSeq, payload, createdAt: new Date() } as TWorkflowEventRow;
}
beforeEach(() => {
  seq = 0;
});

const instance = (fn: TWorkflowFunction, mode: 'live' | 'query' = 'live') => new WorkflowInstance(execution, fn, mode);

describe('WorkflowInstance', () => {
  it('answers journalled commands from the journal and schedules only the new one', async () => {
    const run = instance(greetThenShout as TWorkflowFunction);
    await run.apply([
      event('WorkflowStarted'),
      event('ActivityScheduled', 1, { activityType: 'greet' }),
      event('ActivityCompleted', 1, { result: { value: 'Hello, Ada' } }),
    ]);
    const activation = run.takeActivation();
    expect(activation.close).toBeUndefined();
    expect(activation.events).toEqual([
      expect.objectContaining({
        kind: 'ActivityScheduled',
        commandSeq: 2,
        payload: expect.objectContaining({ args: ['Hello, Ada'] }),
      }),
    ]);
    expect(activation.tasks).toEqual([
      expect.objectContaining({ commandSeq: 2, activityType: 'shout', taskQueue: 'q' }),
    ]);
    expect(activation.tasks[0]!.options).toMatchObject({
      startToCloseMs: 60_000,
      retry: { initialMs: 1000, maximumAttempts: 0 },
    });

    run.committed(activation);
    await run.apply([
      event('ActivityScheduled', 2, { activityType: 'shout' }),
      event('ActivityCompleted', 2, { result: { value: 'HELLO, ADA' } }),
    ]);
    expect(run.takeActivation().close).toEqual({ status: 'COMPLETED', result: { value: 'HELLO, ADA' } });
  });

  it('fails the run when the code issues another command than the journal holds', async () => {
    const run = instance(greetThenShout as TWorkflowFunction);
    await run.apply([event('WorkflowStarted'), event('ActivityScheduled', 1, { activityType: 'shout' })]);
    const activation = run.takeActivation();
    expect(activation.tasks).toEqual([]);
    expect(activation.close?.status).toBe('FAILED');
    const failure = fromFailure(activation.close!.failure as never);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: DIVERGENCE_FAILURE_TYPE, nonRetryable: true });
    expect(failure.message).toContain('command 1 is activity greet now, the journal holds activity shout');
  });

  it('fails the run when the journal holds a command the code no longer issues', async () => {
    const run = instance((async () => 'nothing') as TWorkflowFunction);
    await run.apply([event('WorkflowStarted'), event('TimerStarted', 1, { delayMs: 10 })]);
    expect(run.takeActivation().close?.failure).toMatchObject({
      type: DIVERGENCE_FAILURE_TYPE,
      message: expect.stringContaining('holds command 1 (a timer) but the workflow code did not issue it'),
    });
  });

  it('refuses to continue a cached instance when another process journalled commands', async () => {
    const run = instance(greetThenShout as TWorkflowFunction);
    await run.apply([event('WorkflowStarted')]);
    run.takeActivation();
    await expect(run.apply([event('ActivityScheduled', 1, { activityType: 'greet' })])).rejects.toBeInstanceOf(
      StaleInstanceError,
    );
  });

  it('rejects a failed activity with the journalled failure and a cancelled workflow with CancelledFailure', async () => {
    const seen: unknown[] = [];
    const run = instance((async () => {
      try {
        await acts.greet('x');
      } catch (error) {
        seen.push(error);
      }
      await sleep(1000);
    }) as TWorkflowFunction);
    const failure = toFailure(
      new ActivityFailure(
        'Activity task failed',
        'greet',
        '1',
        'MAXIMUM_ATTEMPTS_REACHED',
        undefined,
        ApplicationFailure.retryable('boom', 'Boom'),
      ),
    );
    await run.apply([
      event('WorkflowStarted'),
      event('ActivityScheduled', 1, { activityType: 'greet' }),
      event('ActivityFailed', 1, { failure }),
      event('CancelRequested'),
    ]);
    expect(seen[0]).toBeInstanceOf(ActivityFailure);
    expect((seen[0] as Error).cause).toMatchObject({ message: 'boom', type: 'Boom' });
    const activation = run.takeActivation();
    expect(activation.events.map((e) => e.kind)).toEqual(['TimerStarted', 'TimerCancelled', 'WorkflowCancelled']);
    // Started and cancelled in one activation: journalled, but no timer row to write.
    expect(activation.timers).toEqual([]);
    expect(activation.cancelTimers).toEqual([2]);
    expect(fromFailure(activation.close!.failure as never)).toBeInstanceOf(CancelledFailure);
  });

  it('buffers signals until a handler is set, and re-checks conditions after each input', async () => {
    const run = instance((async () => {
      const got: string[] = [];
      await sleep(10);
      setHandler(goSignal, (value: string) => void got.push(value));
      await condition(() => got.length === 2);
      return got;
    }) as TWorkflowFunction);
    await run.apply([
      event('WorkflowStarted'),
      event('TimerStarted', 1),
      event('SignalReceived', null, { name: 'go', args: ['a'] }),
      event('SignalReceived', null, { name: 'go', args: ['b'] }),
      event('TimerFired', 1),
    ]);
    expect(run.takeActivation().close).toEqual({ status: 'COMPLETED', result: { value: ['a', 'b'] } });
  });

  it('gives the same uuid4() values on every replay of a run, and others to other runs', async () => {
    const ids = async (runId: string) => {
      const run = new WorkflowInstance(
        { ...execution, runId },
        (async () => [uuid4(), uuid4()]) as TWorkflowFunction,
        'query',
      );
      await run.apply([event('WorkflowStarted')]);
      return (run.outcome as { result: { value: string[] } }).result.value;
    };
    const first = await ids(execution.runId);
    expect(await ids(execution.runId)).toEqual(first);
    expect(first[0]).not.toBe(first[1]);
    expect(await ids('00000000-0000-4000-8000-000000000000')).not.toEqual(first);
  });

  it('records nothing in query mode', async () => {
    const run = instance(greetThenShout as TWorkflowFunction, 'query');
    await run.apply([event('WorkflowStarted')]);
    expect(run.takeActivation()).toMatchObject({ events: [], tasks: [] });
  });

  it('rejects activity options without a close timeout, as Temporal does: the task fails, the run stays open', async () => {
    const loose = proxyActivities<Acts>({ heartbeatTimeout: 10 });
    const run = instance((() => loose.greet('x')) as TWorkflowFunction);
    const failed = await run.apply([event('WorkflowStarted')]).catch((error: unknown) => error as Error);
    expect(failed).toBeInstanceOf(WorkflowTaskFailedError);
    expect((failed as Error).cause).toMatchObject({
      message: 'Required either scheduleToCloseTimeout or startToCloseTimeout',
    });
    expect(run.closed).toBe(false);
  });

  it('fails the task, not the run, when the code throws what is not a Temporal failure', async () => {
    const run = instance((async () => {
      await acts.greet('x');
      throw new TypeError('a bug');
    }) as TWorkflowFunction);
    await run.apply([event('WorkflowStarted')]);
    const activation = run.takeActivation();
    expect(activation.events).toEqual([expect.objectContaining({ kind: 'ActivityScheduled' })]);
    run.committed(activation);
    await expect(
      run.apply([
        event('ActivityScheduled', 1, { activityType: 'greet' }),
        event('ActivityCompleted', 1, { result: {} }),
      ]),
    ).rejects.toThrow(/Workflow task of w \(unit:1\) failed: a bug/);
    expect(run.outcome).toBeUndefined();
  });
});

describe('the workflow API outside a workflow', () => {
  it('refuses to run', () => {
    expect(() => uuid4()).toThrow(IllegalStateError);
    expect(() => acts.greet('x')).toThrow(IllegalStateError);
  });
});

describe('failure journalling', () => {
  it('keeps Temporal failures with their causes, and turns other errors into ApplicationFailures', () => {
    const original = ApplicationFailure.nonRetryable('Bad input', 'BadInput', { field: 'name' });
    const rebuilt = fromFailure(
      JSON.parse(
        JSON.stringify(toFailure(new ActivityFailure('failed', 'greet', '3', 'NON_RETRYABLE_FAILURE', 'me', original))),
      ),
    );
    expect(rebuilt).toBeInstanceOf(ActivityFailure);
    expect(rebuilt).toMatchObject({ activityType: 'greet', activityId: '3', retryState: 'NON_RETRYABLE_FAILURE' });
    expect(rebuilt.cause).toBeInstanceOf(ApplicationFailure);
    expect(rebuilt.cause).toMatchObject({
      message: 'Bad input',
      type: 'BadInput',
      nonRetryable: true,
      details: [{ field: 'name' }],
    });

    const plain = fromFailure(toFailure(new TypeError('nope', { cause: new RangeError('deeper') })));
    expect(plain).toBeInstanceOf(ApplicationFailure);
    expect(plain).toMatchObject({ message: 'nope', type: 'TypeError', nonRetryable: false });
    expect(plain.cause).toMatchObject({ message: 'deeper', type: 'RangeError' });
  });
});
