import { createTestDatabase, testBackends, type TestDatabase } from '@mam/db/testing';
import { testLogger, toleratePoolShutdown } from '../testing/test-harness';
import type { RenderKind, TranscodeActivities, TranscodeInput } from '../transcode/transcode.activities.types';
import { TRANSCODE_TASK_QUEUE, transcodeWorkflow } from '../transcode/transcode.workflow';
import { EmbeddedWorkflowRuntime } from './embedded-runtime';
import type { TWorkflowFunction } from './workflow-instance';

const STEP_MS = 15;

/**
 * The real transcode workflow over stand-in activities that note the order the media queue runs them in, one at a
 * time (MEDIA_CONCURRENCY=1): first come, first served; every item playable before anyone's remaining renditions;
 * tenants taking turns.
 */
describe.each(testBackends)('the media task queue on %s', (backend) => {
  let database: TestDatabase;
  let runtime: EmbeddedWorkflowRuntime | undefined;
  let order: string[];
  /** What probeOriginal plans: the shape runs had before the 'playable' render, unless a test says otherwise. */
  let plan: RenderKind[];
  beforeEach(() => {
    plan = ['proxy', 'thumbnail', 'hls', 'filmstrip', 'waveform'];
  });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    toleratePoolShutdown(database);
  });
  afterEach(async () => {
    await runtime?.stop();
    runtime = undefined;
  });
  afterAll(async () => {
    await database.dispose();
  });

  function activities(): TranscodeActivities {
    const step = async (name: string) => {
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    };
    return {
      storeOriginal: (input) => step(`${input.itemId}:store`),
      probeOriginal: async (input) => {
        await step(`${input.itemId}:probe`);
        return { itemType: 'video', steps: plan };
      },
      render: (input) => step(`${input.itemId}:${input.kind}`),
      completeTranscode: (input) => step(`${input.itemId}:complete`),
      failTranscode: (input) => step(`${input.itemId}:fail`),
    };
  }

  /** Queues the runs (in this order, before any work starts), then works the queue until all have finished. */
  async function runQueued(items: Array<{ tenantId: string; itemId: string }>): Promise<void> {
    order = [];
    runtime = new EmbeddedWorkflowRuntime({
      db: database.db,
      workflows: { transcodeWorkflow } as unknown as Record<string, TWorkflowFunction>,
      activities: activities() as unknown as ConstructorParameters<typeof EmbeddedWorkflowRuntime>[0]['activities'],
      taskQueues: { [TRANSCODE_TASK_QUEUE]: 1 },
      logger: testLogger(),
      exclusive: backend === 'pglite',
      pollIntervalMs: 100,
    });
    const prefix = `order:${Date.now()}`;
    for (const { tenantId, itemId } of items) {
      const input: TranscodeInput = { tenantId, itemId, versionId: `${itemId}-v1`, operationId: `${itemId}-op` };
      await runtime.engine.start('transcodeWorkflow', {
        workflowId: `${prefix}:${itemId}`,
        taskQueue: TRANSCODE_TASK_QUEUE,
        args: [input],
        tenantId: null,
      });
    }
    await runtime.start();
    await Promise.all(items.map(({ itemId }) => runtime!.engine.result(`${prefix}:${itemId}`)));
  }

  const at = (name: string) => {
    const index = order.indexOf(name);
    expect(index).toBeGreaterThanOrEqual(0);
    return index;
  };

  it('makes items playable first come, first served, before anyone’s remaining renditions', async () => {
    const items = ['i1', 'i2', 'i3', 'i4'].map((itemId) => ({ tenantId: 'tenant-a', itemId }));
    await runQueued(items);
    // The first item queued is playable after its own three steps, not after every item's store and probe.
    expect(order.slice(0, 3)).toEqual(['i1:store', 'i1:probe', 'i1:proxy']);
    const playable = items.map(({ itemId }) => at(`${itemId}:proxy`));
    expect(playable).toEqual([...playable].sort((a, b) => a - b));
    const lastPlayable = Math.max(...playable);
    for (const { itemId } of items) {
      for (const kind of ['thumbnail', 'hls', 'filmstrip', 'waveform']) {
        expect(at(`${itemId}:${kind}`)).toBeGreaterThan(lastPlayable);
      }
    }
  });

  it('runs the poster and the playable render of every item before anyone’s remaining renditions', async () => {
    // A plan with a rendition after the playable one: it waits, the poster and the render before it do not.
    plan = ['thumbnail', 'playable', 'waveform'];
    const items = ['p1', 'p2', 'p3'].map((itemId) => ({ tenantId: 'tenant-a', itemId }));
    await runQueued(items);
    expect(order.slice(0, 4)).toEqual(['p1:store', 'p1:probe', 'p1:thumbnail', 'p1:playable']);
    const playable = items.map(({ itemId }) => at(`${itemId}:playable`));
    expect(playable).toEqual([...playable].sort((a, b) => a - b));
    for (const { itemId } of items) {
      expect(at(`${itemId}:thumbnail`)).toBeLessThan(at(`${itemId}:playable`));
      expect(at(`${itemId}:waveform`)).toBeGreaterThan(Math.max(...playable));
    }
  });

  it('gives another tenant’s item its turn before a bulk ingest’s backlog', async () => {
    const bulk = ['a1', 'a2', 'a3', 'a4', 'a5'].map((itemId) => ({ tenantId: 'tenant-a', itemId }));
    await runQueued([...bulk, { tenantId: 'tenant-b', itemId: 'b1' }]);
    expect(at('b1:store')).toBeLessThan(at('a2:store'));
    expect(at('b1:proxy')).toBeLessThan(at('a3:proxy'));
  });
});
