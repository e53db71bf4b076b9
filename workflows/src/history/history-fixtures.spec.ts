import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DeterminismViolationError } from '@temporalio/workflow';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultWorkflowsPath, productWorkflowTypes } from '../create-workflow-runtime';
import { replayHistories } from './history-replay';
import type { TTemporalHistoryJson } from './temporal-history';

try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Installed already by another spec in this process.
}

const FIXTURES = path.join(__dirname, 'fixtures');
const TEST_WORKFLOWS = path.join(__dirname, '../testing/test-workflows.ts');
const CHANGED_WORKFLOWS = path.join(__dirname, '../testing/changed-workflows.ts');

interface TFixture {
  /** The file name: replay needs some workflow id, and a failure should name the file. */
  workflowId: string;
  history: TTemporalHistoryJson;
}

/** Histories exported from embedded runs (history-replay.medium.spec.ts writes them with UPDATE_HISTORY_FIXTURES=1). */
const fixtures = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .map((file): TFixture => ({
    workflowId: file,
    history: JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as TTemporalHistoryJson,
  }));
const workflowType = (fixture: TFixture) =>
  (fixture.history.events[0]!.workflowExecutionStartedEventAttributes as { workflowType: { name: string } })
    .workflowType.name;
const isProduct = (fixture: TFixture) => productWorkflowTypes.includes(workflowType(fixture));
const product = fixtures.filter(isProduct);
const tests = fixtures.filter((fixture) => !isProduct(fixture));

/**
 * Recorded histories replayed in Temporal's workflow sandbox against today's workflow code: a change that makes
 * the code decide differently (a new activity or timer, a different order) fails here, as it would fail runs in
 * flight on a Temporal server or on the embedded runtime.
 */
describe('recorded workflow histories', () => {
  it('are the product workflows and the test workflows', () => {
    expect(product.length).toBeGreaterThanOrEqual(3);
    expect(tests.length).toBeGreaterThanOrEqual(3);
  });

  it('include every product workflow type', () => {
    expect(new Set(product.map(workflowType))).toEqual(new Set(productWorkflowTypes));
  });

  it('keep a transcode planned before the playable render, which runs in flight at the upgrade still have', () => {
    // The plan is probeOriginal's recorded result: the workflow follows it, so both shapes must keep replaying.
    const plans = product.map(
      (fixture) =>
        fixture.history.events
          .map((event) => event.activityTaskCompletedEventAttributes as { result?: { payloads?: { data?: string }[] } })
          .map((completed) => completed?.result?.payloads?.[0]?.data)
          .filter((data): data is string => typeof data === 'string')
          .map((data) => JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { steps?: string[] } | null)
          .find((result) => Array.isArray(result?.steps))?.steps,
    );
    expect(plans).toContainEqual(['proxy', 'thumbnail', 'hls', 'filmstrip', 'waveform']);
    expect(plans).toContainEqual(['thumbnail', 'playable']);
  });

  it.each([
    ['the product workflows', defaultWorkflowsPath(), product],
    ['the test workflows', TEST_WORKFLOWS, tests],
  ])(
    'replay against %s',
    async (_name, workflowsPath, histories) => {
      const outcomes = await replayHistories(workflowsPath, histories);
      expect(outcomes.map((outcome) => [outcome.workflowId, outcome.error?.message])).toEqual(
        histories.map((fixture) => [fixture.workflowId, undefined]),
      );
    },
    120_000,
  );

  it('fail against code that schedules a different activity or an extra timer', async () => {
    const transcode = product.find((fixture) => workflowType(fixture) === 'transcodeWorkflow')!;
    const changed = [tests.find((fixture) => workflowType(fixture) === 'greetWorkflow')!, transcode];
    const outcomes = await replayHistories(CHANGED_WORKFLOWS, changed);
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) expect(outcome.error).toBeInstanceOf(DeterminismViolationError);
    expect(outcomes.map((outcome) => outcome.error?.message)).toEqual([
      expect.stringMatching(/activity/i),
      expect.stringMatching(/timer/i),
    ]);
  }, 120_000);

  it("fail when the runtime's decisions differ from Temporal's: commands of one task in another order", async () => {
    // The signalled fan-out cancels the condition's timer, then schedules its last activity, in one workflow task.
    const fixture = fixtures.find((candidate) => workflowType(candidate) === 'fanOutWorkflow')!;
    const events = fixture.history.events;
    const cancel = events.findIndex((event) => event.eventType === 'EVENT_TYPE_TIMER_CANCELED');
    expect(events[cancel + 1]?.eventType).toBe('EVENT_TYPE_ACTIVITY_TASK_SCHEDULED');
    const outcomes = await replayHistories(TEST_WORKFLOWS, [
      { workflowId: 'swapped', history: swapEvents(fixture.history, cancel, cancel + 1) },
    ]);
    expect(outcomes[0]?.error).toBeInstanceOf(DeterminismViolationError);
  }, 120_000);
});

/** The history with two adjacent events swapped, event ids and the references to them renumbered. */
function swapEvents(history: TTemporalHistoryJson, first: number, second: number): TTemporalHistoryJson {
  const events = history.events.map((event) => structuredClone(event));
  [events[first], events[second]] = [events[second]!, events[first]!];
  const renumbered = new Map(events.map((event, index) => [event.eventId as string, String(index + 1)]));
  const renumber = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renumber);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        key.endsWith('EventId') && typeof field === 'string' ? (renumbered.get(field) ?? field) : renumber(field),
      ]),
    );
  };
  return {
    events: events.map((event, index) => ({
      ...(renumber(event) as Record<string, unknown>),
      eventId: String(index + 1),
    })),
  };
}
