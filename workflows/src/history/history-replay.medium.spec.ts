import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { createWorkflowRepository } from '@mam/db';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultWorkflowsPath } from '../create-workflow-runtime';
import { createTestActivities, memoryRecorder } from '../testing/test-activities';
import { eventually, restartableRuntime, TEST_TASK_QUEUE } from '../testing/test-harness';
import * as testWorkflows from '../testing/test-workflows';
import * as registry from '../workflows';
import type { TranscodeActivities, TranscodeInput } from '../transcode/transcode.activities.types';
import { TRANSCODE_TASK_QUEUE } from '../transcode/transcode.workflow';
import type { TaskReminderActivities } from '../tasks/task-reminder.activities.types';
import { TASK_REMINDER_TASK_QUEUE, taskChangedSignal } from '../tasks/task-reminder.workflow';
import type { HighresDeletionActivities } from '../highres/highres-deletion.activities.types';
import { HIGHRES_DELETION_TASK_QUEUE, highresDeletionChangedSignal } from '../highres/highres-deletion.workflow';
import type { ArchiveActivities, ArchiveInput, RestoreInput } from '../archive/archive.activities.types';
import { ARCHIVE_TASK_QUEUE, upgradeRestoreTierSignal } from '../archive/archive.workflow';
import type { SendToStorageActivities, SendToStorageInput } from '../exports/send-to-storage.activities.types';
import { SEND_TO_STORAGE_TASK_QUEUE, sendToStorageWorkflowId } from '../exports/send-to-storage.workflow';
import type { CentralRenderActivities, CentralRenderInput } from '../renders/central-render.activities.types';
import { CENTRAL_RENDER_TASK_QUEUE, centralRenderWorkflowId } from '../renders/central-render.workflow';
import type { LifecycleRoundInput, LifecycleRulesActivities } from '../lifecycle/lifecycle-rules.activities.types';
import { LIFECYCLE_TASK_QUEUE, runLifecycleRuleSignal } from '../lifecycle/lifecycle-rules.workflow';
import { replayHistories } from './history-replay';
import { exportTemporalHistory, type TTemporalHistoryJson } from './temporal-history';
import type { StorageScanActivities } from '../storage-scan/storage-scan.activities.types';
import { STORAGE_SCAN_TASK_QUEUE } from '../storage-scan/storage-scan.workflow';
import type { WatchFolderActivities } from '../watch-folders/watch-folder.activities.types';
import { WATCH_FOLDER_TASK_QUEUE, watchFolderWorkflowId } from '../watch-folders/watch-folder.workflow';
import type { ReplicationActivities } from '../replication/replication.activities.types';
import {
  REPLICATION_TASK_QUEUE,
  replicationChangedSignal,
  replicationWorkflowId,
} from '../replication/replication.workflow';
import type { CrashRecordingActivities, TRecordLiveOutcome } from '../live/crash-recording.activities.types';
import {
  CRASH_RECORDING_TASK_QUEUE,
  stopCrashRecordingSignal,
  switchCrashRecordingSignal,
} from '../live/crash-recording.workflow';

const TEST_WORKFLOWS = path.join(__dirname, '../testing/test-workflows.ts');
const FIXTURES = path.join(__dirname, 'fixtures');

// Temporal's worker logs every state change at INFO; only trouble matters here.
try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Installed already by another spec in this process.
}

type TRun = { name: string; workflowId: string; history?: TTemporalHistoryJson };

/**
 * Every workflow type run on the embedded runtime (completions, retries, timeouts, failures, timers, signals,
 * cancellation, termination), exported as Temporal histories and replayed in Temporal's own workflow sandbox: the
 * embedded runtime must have decided exactly what Temporal's SDK decides from the same history.
 * UPDATE_HISTORY_FIXTURES=1 also writes the histories the fixture spec replays.
 */
describe('embedded runs replayed by Temporal', () => {
  // The decisions under test are the runtime's, the same on both back ends; a database on the PostgreSQL server
  // is ready in about a second, a migrated PGlite takes ten or more on a busy machine.
  const harness = restartableRuntime('postgres');
  const startRuntime = harness.restart;

  async function replayed(workflowsPath: string, runs: TRun[]): Promise<string[]> {
    const outcomes = await replayHistories(
      workflowsPath,
      runs.map(({ workflowId, history }) => ({ workflowId, history: history! })),
    );
    expect(outcomes.map((outcome) => outcome.workflowId)).toEqual(runs.map((run) => run.workflowId));
    return outcomes.flatMap((outcome, index) =>
      outcome.error ? [`${runs[index]!.name}: ${outcome.error.name}: ${outcome.error.message}`] : [],
    );
  }

  describe('the test workflows', () => {
    const runs: TRun[] = [];

    beforeAll(async () => {
      const engine = await startRuntime({
        workflows: testWorkflows,
        activities: createTestActivities(memoryRecorder()),
        taskQueues: { [TEST_TASK_QUEUE]: 4, limited: 2 },
      });
      const repo = createWorkflowRepository(harness.db());
      const start = async (name: string, type: keyof typeof testWorkflows, args: unknown[]) => {
        const workflowId = `test:${type}:${randomUUID().slice(0, 8)}`;
        await engine.start(type, { workflowId, taskQueue: TEST_TASK_QUEUE, args, tenantId: null });
        runs.push({ name, workflowId });
        return workflowId;
      };
      const settled = (workflowId: string) => engine.result(workflowId).catch(() => undefined);
      const journalHas = (workflowId: string, kind: string) =>
        eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === kind));

      const done: Array<Promise<unknown>> = [];
      done.push(settled(await start('completes', 'greetWorkflow', ['Ada'])));
      done.push(settled(await start('retries an activity', 'flakyWorkflow', [2])));
      done.push(settled(await start('fails on a non-retryable failure', 'nonRetryableWorkflow', ['application'])));
      done.push(settled(await start('fails on a listed error type', 'nonRetryableWorkflow', ['listed'])));
      done.push(settled(await start('retries after a heartbeat timeout', 'heartbeatTimeoutWorkflow', [])));
      done.push(settled(await start('retries after a start-to-close timeout', 'startToCloseWorkflow', [])));
      done.push(settled(await start('sleeps', 'sleepWorkflow', [50])));
      done.push(settled(await start('times out a condition', 'approvalWorkflow', [100])));
      done.push(settled(await start('runs on another task queue', 'concurrencyWorkflow', [10])));
      done.push(settled(await start('throws', 'failingWorkflow', [])));
      done.push(
        settled(await start('heartbeats, sleeps and steps on', 'crashWorkflow', [{ slowMs: 100, sleepMs: 50 }])),
      );

      done.push(settled(await start('fans out and times out', 'fanOutWorkflow', [20])));
      done.push(settled(await start('chooses by uuid4', 'randomChoiceWorkflow', [])));

      // Signalled and cancelled at once: the condition holds when first checked (its timer is started and
      // cancelled in one task), the activity is cancelled before or while it runs.
      const early = await start('fans out, signalled at once', 'fanOutWorkflow', [30_000]);
      await engine.signal(early, testWorkflows.skipSignal);
      done.push(settled(early));
      const cancelledAtOnce = await start('is cancelled at once', 'cancellableWorkflow', []);
      await engine.cancel(cancelledAtOnce);
      done.push(settled(cancelledAtOnce));

      const approval = await start('is signalled', 'approvalWorkflow', [30_000]);
      const fanOut = await start('fans out and is signalled', 'fanOutWorkflow', [30_000]);
      const replayedState = await start('uses uuid4 and a signal', 'replayedStateWorkflow', []);
      const cancellable = await start('is cancelled mid-activity', 'cancellableWorkflow', []);
      const sleepy = await start('is cancelled mid-timer', 'sleepyWorkflow', []);
      const terminated = await start('is terminated', 'sleepyWorkflow', []);
      const running = await start('is still running', 'divergingWorkflowV1', []);
      const runningToo = await start('is still running too', 'divergingWorkflowV2', []);
      const buggy = await start('fails its workflow task', 'buggyWorkflow', []);
      await Promise.all([
        journalHas(approval, 'TimerStarted'),
        journalHas(fanOut, 'TimerStarted'),
        journalHas(replayedState, 'ActivityCompleted'),
        eventually(async () => (await engine.describe(cancellable)).pendingActivities[0]?.heartbeatDetails),
        journalHas(sleepy, 'TimerStarted'),
        journalHas(terminated, 'TimerStarted'),
        journalHas(running, 'ActivityCompleted'),
        journalHas(runningToo, 'ActivityCompleted'),
        journalHas(buggy, 'ActivityCompleted'),
      ]);
      await engine.signal(approval, testWorkflows.approveSignal, 'Grace');
      await engine.signal(fanOut, testWorkflows.skipSignal);
      await engine.signal(replayedState, testWorkflows.finishSignal);
      await engine.cancel(cancellable);
      await engine.cancel(sleepy);
      await engine.terminate(terminated, 'no longer needed');
      await Promise.all([...done, ...[approval, fanOut, replayedState, cancellable, sleepy].map(settled)]);
      // Its journal must have caught up with the activity's result: the code has seen it, nothing is pending.
      for (const id of [running, runningToo])
        await eventually(async () => (await repo.findExecution(id))?.wakeAt === null);
      for (const run of runs) run.history = await exportTemporalHistory(harness.db(), run.workflowId);
      await engine.terminate(running);
      await engine.terminate(runningToo);
      await engine.terminate(buggy);
    }, 120_000);

    it('replays every run in Temporal’s sandbox without a determinism violation', async () => {
      expect(await replayed(TEST_WORKFLOWS, runs)).toEqual([]);
      writeFixtures(
        runs.filter((run) =>
          [
            'completes',
            'retries an activity',
            'is signalled',
            'is cancelled mid-activity',
            'fans out and is signalled',
            'chooses by uuid4',
          ].includes(run.name),
        ),
      );
    }, 120_000);

    it('covers every test workflow type', () => {
      const types = Object.entries(testWorkflows).flatMap(([name, value]) =>
        typeof value === 'function' ? [name] : [],
      );
      expect(new Set(runs.map((run) => workflowTypeOf(run.history!)))).toEqual(new Set(types));
    });

    it('covers retries, failures, timers, signals, cancellation and termination', () => {
      const types = new Set(runs.flatMap((run) => run.history!.events.map((event) => event.eventType as string)));
      for (const type of [
        'ACTIVITY_TASK_FAILED',
        'TIMER_FIRED',
        'TIMER_CANCELED',
        'WORKFLOW_EXECUTION_SIGNALED',
        'WORKFLOW_EXECUTION_CANCEL_REQUESTED',
        'ACTIVITY_TASK_CANCEL_REQUESTED',
        'WORKFLOW_EXECUTION_COMPLETED',
        'WORKFLOW_EXECUTION_FAILED',
        'WORKFLOW_EXECUTION_CANCELED',
        'WORKFLOW_EXECUTION_TERMINATED',
      ]) {
        expect(types).toContain(`EVENT_TYPE_${type}`);
      }
      const retried = runs.find((run) => run.name === 'retries an activity')!.history!;
      expect(retried.events).toContainEqual(
        expect.objectContaining({ activityTaskStartedEventAttributes: expect.objectContaining({ attempt: 3 }) }),
      );
    });
  });

  // Every product run recorded below, for the check that each product workflow type has one.
  const productRuns: TRun[] = [];

  describe('the transcode workflow', () => {
    const runs: TRun[] = [];
    const activities: TranscodeActivities = {
      storeOriginal: async () => undefined,
      probeOriginal: async (step) => {
        if (step.itemId === 'broken') throw ApplicationFailure.nonRetryable('Invalid data found', 'MalformedMedia');
        // item-1 keeps the shape runs had before the playable render: its fixture is what in-flight runs replay.
        if (step.itemId === 'item-1') {
          return { itemType: 'video', steps: ['proxy', 'thumbnail', 'hls', 'filmstrip', 'waveform'] };
        }
        return { itemType: 'video', steps: ['thumbnail', 'playable'] };
      },
      render: async () => undefined,
      completeTranscode: async () => undefined,
      failTranscode: async () => undefined,
    };

    beforeAll(async () => {
      // The product's registry (workflows.ts), as the server runs it.
      const engine = await startRuntime({ activities, taskQueues: { [TRANSCODE_TASK_QUEUE]: 2 } });
      for (const [name, itemId] of [
        ['transcodes a video', 'item-1'],
        ['makes a video playable at once', 'item-2'],
        ['fails on malformed media', 'broken'],
      ] as const) {
        const input: TranscodeInput = {
          tenantId: 't1',
          itemId,
          versionId: `${itemId}-v1`,
          operationId: `${itemId}-op`,
        };
        const workflowId = `demo:${itemId}:transcode`;
        await engine.start('transcodeWorkflow', {
          workflowId,
          taskQueue: TRANSCODE_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('replays completed runs of both plan shapes and a failed run in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the task reminder workflow', () => {
    const runs: TRun[] = [];
    // The task as the activities see it: its due date in ms from "now", or gone (done or deleted).
    const tasks = new Map<string, { dueInMs: number; dueAt: string } | null>();
    const sent: string[] = [];
    const activities: TaskReminderActivities = {
      planTaskReminder: async ({ commentId }) => {
        const task = tasks.get(commentId);
        return task ? { dueAt: task.dueAt, waitMs: task.dueInMs } : null;
      },
      sendTaskReminder: async ({ commentId, dueAt }) => {
        if (tasks.get(commentId)?.dueAt !== dueAt) return false;
        sent.push(commentId);
        return true;
      },
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [TASK_REMINDER_TASK_QUEUE]: 2 } });
      const repo = createWorkflowRepository(harness.db());
      const start = async (name: string, commentId: string) => {
        const workflowId = `t1:task:${commentId}:reminder`;
        await engine.start('taskReminderWorkflow', {
          workflowId,
          taskQueue: TASK_REMINDER_TASK_QUEUE,
          args: [{ tenantId: 't1', commentId }],
          tenantId: null,
        });
        runs.push({ name, workflowId });
        return workflowId;
      };
      const timerStarted = (workflowId: string) =>
        eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === 'TimerStarted'));

      // Due within the lead time: reminded at once.
      tasks.set('soon', { dueInMs: 0, dueAt: '2030-01-01T10:00:00.000Z' });
      await engine.result(await start('reminds at once', 'soon'));
      // Sleeping towards a far due date, then moved closer: planned again, reminded for the new date.
      tasks.set('moved', { dueInMs: 3_600_000, dueAt: '2030-02-01T10:00:00.000Z' });
      const moved = await start('is rescheduled', 'moved');
      await timerStarted(moved);
      tasks.set('moved', { dueInMs: 0, dueAt: '2030-01-02T10:00:00.000Z' });
      await engine.signal(moved, taskChangedSignal);
      await engine.result(moved);
      // Sleeping, then done: no reminder.
      tasks.set('done', { dueInMs: 3_600_000, dueAt: '2030-03-01T10:00:00.000Z' });
      const done = await start('is dropped when done', 'done');
      await timerStarted(done);
      tasks.set('done', null);
      await engine.signal(done, taskChangedSignal);
      await engine.result(done);
      for (const run of runs) run.history = await exportTemporalHistory(harness.db(), run.workflowId);
    }, 60_000);

    it('reminds once per due date, follows a new one and ends without one when the task is done', () => {
      expect(sent).toEqual(['soon', 'moved']);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the high-res deletion workflow', () => {
    const runs: TRun[] = [];
    // The schedule as the activities see it: due in ms from "now", or unscheduled.
    const schedules = new Map<string, { dueInMs: number; at: string } | null>();
    const deleted: string[] = [];
    const activities: HighresDeletionActivities = {
      planHighresDeletion: async ({ itemId }) => {
        const schedule = schedules.get(itemId);
        return schedule ? { at: schedule.at, waitMs: schedule.dueInMs } : null;
      },
      deleteHighres: async ({ itemId, at }) => {
        if (schedules.get(itemId)?.at !== at) return false;
        deleted.push(itemId);
        return true;
      },
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [HIGHRES_DELETION_TASK_QUEUE]: 1 } });
      const repo = createWorkflowRepository(harness.db());
      const start = async (name: string, itemId: string) => {
        const workflowId = `t1:item:${itemId}:highres-deletion`;
        await engine.start('highresDeletionWorkflow', {
          workflowId,
          taskQueue: HIGHRES_DELETION_TASK_QUEUE,
          args: [{ tenantId: 't1', itemId }],
          tenantId: null,
        });
        runs.push({ name, workflowId });
        return workflowId;
      };
      const timerStarted = (workflowId: string) =>
        eventually(async () => (await repo.listEvents(workflowId)).some((event) => event.kind === 'TimerStarted'));

      // Due already: deleted at once.
      schedules.set('due', { dueInMs: 0, at: '2030-01-01T10:00:00.000Z' });
      await engine.result(await start('deletes at once', 'due'));
      // Waiting for a far date, then moved to now: planned again, deleted for the new date.
      schedules.set('moved', { dueInMs: 3_600_000, at: '2030-02-01T10:00:00.000Z' });
      const moved = await start('is moved', 'moved');
      await timerStarted(moved);
      schedules.set('moved', { dueInMs: 0, at: '2030-01-02T10:00:00.000Z' });
      await engine.signal(moved, highresDeletionChangedSignal);
      await engine.result(moved);
      // Waiting, then unscheduled: nothing deleted.
      schedules.set('kept', { dueInMs: 3_600_000, at: '2030-03-01T10:00:00.000Z' });
      const kept = await start('is unscheduled', 'kept');
      await timerStarted(kept);
      schedules.set('kept', null);
      await engine.signal(kept, highresDeletionChangedSignal);
      await engine.result(kept);
      for (const run of runs) run.history = await exportTemporalHistory(harness.db(), run.workflowId);
    }, 60_000);

    it('deletes when due, follows a moved date and ends without deleting when unscheduled', () => {
      expect(deleted).toEqual(['due', 'moved']);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the lifecycle rules workflow', () => {
    const runs: TRun[] = [];
    const rounds: Array<string[] | null> = [];
    const continued: string[] = [];
    const activities: LifecycleRulesActivities = {
      applyLifecycleRules: async ({ ruleIds }: LifecycleRoundInput) => {
        rounds.push(ruleIds);
        if (ruleIds?.includes('broken')) throw ApplicationFailure.nonRetryable('The round failed.', 'RoundFailed');
        return { rules: ruleIds?.length ?? 2, applied: 1, failed: 0 };
      },
      continueLifecycleRules: async ({ tenantId, runNow }) => {
        continued.push(`${tenantId}:${(runNow ?? []).join(',')}`);
      },
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [LIFECYCLE_TASK_QUEUE]: 1 } });
      const repo = createWorkflowRepository(harness.db());
      const start = async (name: string, tenantId: string, input: object) => {
        const workflowId = `${tenantId}:lifecycle-rules`;
        await engine.start('lifecycleRulesWorkflow', {
          workflowId,
          taskQueue: LIFECYCLE_TASK_QUEUE,
          args: [{ tenantId, ...input }],
          tenantId: null,
        });
        runs.push({ name, workflowId });
        return workflowId;
      };
      const timers = async (workflowId: string) =>
        (await repo.listEvents(workflowId)).filter((event) => event.kind === 'TimerStarted').length;

      // Asked to run a rule at start, then rounds on its (short) timer; a failed round does not end it.
      await engine.result(
        await start('runs on its timer and hands over', 't1', { intervalMs: 20, rounds: 3, runNow: ['broken'] }),
      );
      // Woken by "Run now" while its timer waits for an hour.
      const woken = await start('is woken by run now', 't2', { intervalMs: 3_600_000, rounds: 2 });
      await eventually(async () => (await timers(woken)) === 1);
      await engine.signal(woken, runLifecycleRuleSignal, 'r1');
      await eventually(async () => (await timers(woken)) === 2);
      await engine.signal(woken, runLifecycleRuleSignal, 'r2');
      await engine.result(woken);
      for (const run of runs) run.history = await exportTemporalHistory(harness.db(), run.workflowId);
    }, 60_000);

    it('applies the rules asked for, then every enabled rule on its timer, and hands over after its rounds', () => {
      expect(rounds).toEqual([['broken'], null, null, ['r1'], ['r2']]);
      expect(continued).toEqual(['t1:', 't2:']);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the storage scan workflow', () => {
    const runs: TRun[] = [];
    // Each location's listing as pages of keys; 'broken' fails every time its second page is listed.
    const listings: Record<string, string[]> = { media: ['a.mp4', 'b.wav', 'c.png'], broken: ['x.mp4', 'y.mp4'] };
    const pages: string[] = [];
    const finished: Array<[string, string | null]> = [];
    const activities: StorageScanActivities = {
      scanStoragePage: async ({ storageId, after }) => {
        const keys = listings[storageId]!;
        const next = keys.find((key) => after === null || key > after) ?? null;
        if (storageId === 'broken' && after !== null) {
          throw ApplicationFailure.nonRetryable('The storage cannot be listed.', 'StorageError');
        }
        if (next) pages.push(`${storageId}:${next}`);
        return { next };
      },
      finishStorageScan: async ({ storageId, error }) => {
        finished.push([storageId, error]);
      },
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [STORAGE_SCAN_TASK_QUEUE]: 1 } });
      for (const [name, storageId] of [
        ['scans page by page', 'media'],
        ['fails when the storage cannot be listed', 'broken'],
      ] as const) {
        const workflowId = `t1:storage:${storageId}:scan`;
        await engine.start('storageScanWorkflow', {
          workflowId,
          taskQueue: STORAGE_SCAN_TASK_QUEUE,
          args: [{ tenantId: 't1', scanId: randomUUID(), storageId }],
          tenantId: null,
        });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('walks the listing from the recorded cursor and reports the end or the failure', () => {
      expect(pages).toEqual(['media:a.mp4', 'media:b.wav', 'media:c.png', 'broken:x.mp4']);
      expect(finished).toEqual([
        ['media', null],
        ['broken', 'The storage cannot be listed.'],
      ]);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the watch folder workflow', () => {
    const runs: TRun[] = [];
    const polls: string[] = [];
    // 'short' is disabled at its third poll; 'long' waits a minute after its first, and is cancelled meanwhile.
    const activities: WatchFolderActivities = {
      pollWatchFolder: async ({ watchFolderId, watching }) => {
        polls.push(`${watchFolderId}:${watching.length}`);
        if (watchFolderId === 'short' && polls.filter((p) => p.startsWith('short')).length === 3) return null;
        const seen = { key: `t1/drop/${polls.length}.mp4`, size: 1, version: 'v1', since: 0 };
        return { watching: [seen], waitMs: watchFolderId === 'long' ? 60_000 : 20, ingested: 0 };
      },
      continueWatchFolder: async () => undefined,
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [WATCH_FOLDER_TASK_QUEUE]: 1 } });
      for (const [name, watchFolderId] of [
        ['polls until disabled', 'short'],
        ['is cancelled while it waits', 'long'],
      ] as const) {
        const workflowId = watchFolderWorkflowId('t1', watchFolderId);
        await engine.start('watchFolderWorkflow', {
          workflowId,
          taskQueue: WATCH_FOLDER_TASK_QUEUE,
          args: [{ tenantId: 't1', watchFolderId }],
          tenantId: null,
        });
        if (watchFolderId === 'long') {
          await eventually(async () => polls.includes('long:0'));
          await engine.cancel(workflowId);
        }
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('carries what each poll saw to the next, and ends when disabled or cancelled', () => {
      expect(polls).toEqual(['short:0', 'short:1', 'short:1', 'long:0']);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the replication workflow', () => {
    const runs: TRun[] = [];
    const calls: string[] = [];
    // Round 1 copies two shards; round 2 (woken by a change) finds nothing new and waits; the third plan finds the
    // setting disabled and the run ends.
    let plans = 0;
    const activities: ReplicationActivities = {
      planReplicationRound: async () => {
        plans += 1;
        calls.push(`plan ${plans}`);
        if (plans === 1) return { shards: [['v1', 'v2'], ['v3']], more: false };
        if (plans === 2) return { shards: [], more: false };
        return null;
      },
      replicateShard: async ({ versionIds }) => {
        calls.push(`copy ${versionIds.join(',')}`);
        return { copied: versionIds.length, failed: 0 };
      },
      finishReplicationRound: async ({ copied }) => {
        calls.push(`finish ${copied}`);
      },
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [REPLICATION_TASK_QUEUE]: 2 } });
      const workflowId = replicationWorkflowId('t1', 'setting-1');
      await engine.start('replicationWorkflow', {
        workflowId,
        taskQueue: REPLICATION_TASK_QUEUE,
        args: [{ tenantId: 't1', settingId: 'setting-1' }],
        tenantId: null,
      });
      await eventually(async () => calls.includes('finish 3'));
      await engine.signal(workflowId, replicationChangedSignal);
      await eventually(async () => calls.includes('finish 0'));
      await engine.signal(workflowId, replicationChangedSignal);
      await engine.result(workflowId);
      runs.push({
        name: 'copies in shards until disabled',
        workflowId,
        history: await exportTemporalHistory(harness.db(), workflowId),
      });
    }, 60_000);

    it('copies each round in its shards, waits for a change, and ends when the setting is gone', () => {
      expect(calls.filter((c) => c.startsWith('copy')).sort()).toEqual(['copy v1,v2', 'copy v3']);
      expect(calls.filter((c) => !c.startsWith('copy'))).toEqual([
        'plan 1',
        'finish 3',
        'plan 2',
        'finish 0',
        'plan 3',
      ]);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('crash recording workflow', () => {
    const runs: TRun[] = [];
    const recorded: string[] = [];
    const finished: string[] = [];
    // Each recorder run ends when the test says how: the outcome the real recorder reports after a signal.
    const pending: Array<(outcome: TRecordLiveOutcome) => void> = [];
    const activities: CrashRecordingActivities = {
      beginCrashRecording: async ({ itemId, versionId }) => ({ itemId, versionId, stopAt: '2030-01-01T11:00:00.000Z' }),
      recordLive: ({ sourceId }) => {
        recorded.push(sourceId);
        return new Promise((resolve) =>
          pending.push((outcome) => resolve({ outcome, segments: outcome === 'source-lost' ? 0 : 3 })),
        );
      },
      finishCrashRecording: async ({ itemId, ended, endedSourceId }) => {
        finished.push(`${itemId} ${ended} ${endedSourceId}`);
      },
    };
    const recording = () => eventually(async () => pending.length > 0);

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [CRASH_RECORDING_TASK_QUEUE]: 2 } });
      const start = async (name: string, sourceId: string) => {
        const workflowId = `t1:live-source:${sourceId}:crash-recording`;
        const input = { tenantId: 't1', sourceId, userId: 'u1', itemId: `item-${workflowId}`, versionId: 'v1' };
        await engine.start('crashRecordingWorkflow', {
          workflowId,
          taskQueue: CRASH_RECORDING_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        runs.push({ name, workflowId });
        return workflowId;
      };
      const end = (outcome: TRecordLiveOutcome) => pending.shift()!(outcome);

      const switched = await start('switches and stops', 'cam1');
      await recording();
      await engine.signal(switched, switchCrashRecordingSignal, { sourceId: 'cam2' });
      end('switched');
      await recording();
      await engine.signal(switched, stopCrashRecordingSignal);
      end('stopped');
      await engine.result(switched);

      const lost = await start('reconnects and ends at its duration', 'cam3');
      await recording();
      end('source-lost');
      await eventually(async () => pending.length > 0, 20_000);
      end('deadline');
      await engine.result(lost);
      for (const run of runs) run.history = await exportTemporalHistory(harness.db(), run.workflowId);
    }, 60_000);

    it('records each source in turn into one item, reconnects a lost source and finishes every recording', () => {
      expect(recorded).toEqual(['cam1', 'cam2', 'cam3', 'cam3']);
      // Each says why it ended and which source it recorded last (the starter is told of an end on its own).
      expect(finished).toEqual([
        'item-t1:live-source:cam1:crash-recording stopped cam2',
        'item-t1:live-source:cam3:crash-recording deadline cam3',
      ]);
    });

    it('replays its runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  describe('the archive workflows', () => {
    const runs: TRun[] = [];
    const activities: ArchiveActivities = {
      planArchiveTransfer: async ({ itemId }) => ({ versionIds: [`${itemId}-v1`, `${itemId}-v2`] }),
      transferArchiveFile: async ({ itemId }) => {
        if (itemId === 'unreadable')
          throw ApplicationFailure.nonRetryable('Item unreadable no longer exists', 'ArchiveItemGone');
      },
      completeArchiveTransfer: async () => undefined,
      failArchiveTransfer: async () => undefined,
      // 'cold-2' is readable on the second check, 'cold-gone' vanished from the cold location, the rest at once.
      requestColdRestore: async ({ itemId, tier }) => {
        requested.push(`${itemId} ${tier}`);
        if (itemId === 'cold-gone')
          throw ApplicationFailure.nonRetryable('No object at "cold-gone"', 'ArchiveItemGone');
        // 'cold-up' would take an hour at the standard tier, until an express request joins it.
        if (itemId === 'cold-up') return { ready: false, waitMs: tier === 'express' ? 30 : 3_600_000 };
        return itemId === 'cold-2' ? { ready: false, waitMs: 30 } : { ready: true, waitMs: 0 };
      },
      checkColdRestore: async ({ itemId }) => {
        checks.push(itemId);
        return { ready: checks.filter((id) => id === itemId).length >= 2, waitMs: 30 };
      },
    };
    const checks: string[] = [];
    const requested: string[] = [];

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [ARCHIVE_TASK_QUEUE]: 2 } });
      {
        const input: RestoreInput = {
          tenantId: 't1',
          itemId: 'cold-up',
          storageId: 'online-1',
          userId: null,
          tier: 'standard',
        };
        const workflowId = 't1:item:cold-up:restoreWorkflow';
        await engine.start('restoreWorkflow', {
          workflowId,
          taskQueue: ARCHIVE_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        await eventually(() => requested.includes('cold-up standard'));
        await engine.signal(workflowId, upgradeRestoreTierSignal, 'express');
        await engine.result(workflowId);
        const name = 'a standard restore sped up by an express request';
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
      for (const [name, itemId, tier] of [
        ['waits for the cold copy, then copies it back', 'cold-2', 'express'],
        ['copies back a copy readable at once', 'cold-1', 'standard'],
        ['fails with the reason', 'cold-gone', 'standard'],
      ] as const) {
        const input: RestoreInput = { tenantId: 't1', itemId, storageId: 'online-1', userId: null, tier };
        const workflowId = `t1:item:${itemId}:restoreWorkflow`;
        await engine.start('restoreWorkflow', {
          workflowId,
          taskQueue: ARCHIVE_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
      for (const [name, type, itemId] of [
        ['archives two versions', 'archiveWorkflow', 'item-1'],
        ['fails with the reason', 'archiveWorkflow', 'unreadable'],
        ['unarchives two versions', 'unarchiveWorkflow', 'item-2'],
      ] as const) {
        const input: ArchiveInput = { tenantId: 't1', itemId, storageId: 'archive-1', userId: null };
        const workflowId = `t1:item:${itemId}:${type}`;
        await engine.start(type, { workflowId, taskQueue: ARCHIVE_TASK_QUEUE, args: [input], tenantId: null });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('polls a cold restore on durable timers until it is readable', () => {
      expect(checks.filter((id) => id === 'cold-2')).toEqual(['cold-2', 'cold-2']);
    });

    it('asks a waiting restore again at the faster tier when one joins it', () => {
      expect(requested.filter((r) => r.startsWith('cold-up'))).toEqual(['cold-up standard', 'cold-up express']);
      expect(checks.filter((id) => id === 'cold-up')).toEqual(['cold-up', 'cold-up']);
    });

    it('replays archive, unarchive, restore and failed runs in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });
  describe('the send-to-storage workflow', () => {
    const runs: TRun[] = [];
    const activities: SendToStorageActivities = {
      planSendToStorage: async ({ tenantId, itemId, fileName }) => {
        if (itemId === 'gone') throw ApplicationFailure.nonRetryable('Item gone no longer exists', 'SendItemGone');
        return { fileName, key: `${tenantId}/${fileName}`, bytesTotal: 1024 };
      },
      copyToStorage: async ({ storageId, fileName, key, bytesTotal }) => ({
        storageId,
        fileName,
        key,
        size: bytesTotal,
        sha256: 'a'.repeat(64),
      }),
      completeSendToStorage: async () => undefined,
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [SEND_TO_STORAGE_TASK_QUEUE]: 2 } });
      for (const [name, itemId] of [
        ['sends the original', 'item-1'],
        ['fails with the reason', 'gone'],
      ] as const) {
        const input: SendToStorageInput = {
          tenantId: 't1',
          itemId,
          versionId: `${itemId}-v1`,
          storageId: 'outbox-1',
          fileName: 'Cup final.mxf',
          maxFileNameLength: 255,
          userId: null,
        };
        const workflowId = sendToStorageWorkflowId('t1', itemId, 'outbox-1');
        await engine.start('sendToStorageWorkflow', {
          workflowId,
          taskQueue: SEND_TO_STORAGE_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('replays a send and a failed send in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });
  describe('the central render workflow', () => {
    const runs: TRun[] = [];
    const activities: CentralRenderActivities & TranscodeActivities = {
      renderSequenceIntoPlaceholder: async ({ tenantId, renderId }) => {
        if (renderId === 'unrenderable') {
          throw ApplicationFailure.nonRetryable('The sequence has no clips to render.', 'SequenceEmpty');
        }
        return {
          tenantId,
          itemId: `${renderId}-placeholder`,
          versionId: `${renderId}-v1`,
          operationId: `${renderId}-op`,
        };
      },
      completeRender: async () => undefined,
      failRender: async () => undefined,
      storeOriginal: async () => undefined,
      probeOriginal: async () => ({ itemType: 'video', steps: ['thumbnail', 'playable'] }),
      render: async () => undefined,
      completeTranscode: async () => undefined,
      failTranscode: async () => undefined,
    };

    beforeAll(async () => {
      const engine = await startRuntime({ activities, taskQueues: { [CENTRAL_RENDER_TASK_QUEUE]: 2 } });
      for (const [name, renderId] of [
        ['renders into the placeholder', 'render-1'],
        ['fails with the reason', 'unrenderable'],
      ] as const) {
        const input: CentralRenderInput = { tenantId: 't1', renderId };
        const workflowId = centralRenderWorkflowId('t1', renderId);
        await engine.start('centralRenderWorkflow', {
          workflowId,
          taskQueue: CENTRAL_RENDER_TASK_QUEUE,
          args: [input],
          tenantId: null,
        });
        await engine.result(workflowId).catch(() => undefined);
        runs.push({ name, workflowId, history: await exportTemporalHistory(harness.db(), workflowId) });
      }
    }, 60_000);

    it('replays a render that processes its placeholder and a failed render in Temporal’s sandbox', async () => {
      expect(await replayed(defaultWorkflowsPath(), runs)).toEqual([]);
      writeFixtures(runs);
      productRuns.push(...runs);
    }, 120_000);
  });

  it('covers every product workflow type', () => {
    expect(new Set(productRuns.map((run) => workflowTypeOf(run.history!)))).toEqual(new Set(Object.keys(registry)));
  });
});

function workflowTypeOf(history: TTemporalHistoryJson): string {
  const started = history.events[0]!.workflowExecutionStartedEventAttributes as { workflowType: { name: string } };
  return started.workflowType.name;
}

function writeFixtures(runs: TRun[]): void {
  if (!process.env.UPDATE_HISTORY_FIXTURES) return;
  mkdirSync(FIXTURES, { recursive: true });
  for (const run of runs) {
    const file = `${workflowTypeOf(run.history!)}.${run.name.replace(/[^a-z0-9]+/gi, '-')}.json`;
    // The history alone, as Temporal's CLI writes it: its tools read these files too.
    writeFileSync(path.join(FIXTURES, file), `${JSON.stringify(run.history, null, 2)}\n`);
  }
}
