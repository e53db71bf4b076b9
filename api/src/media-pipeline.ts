import path from 'node:path';
import type { Database, Repositories } from '@mam/db';
import { DEFAULT_TASK_REMINDER_LEAD_MS } from '@mam/core';
import {
  createArchiveActivities,
  createCentralRenderActivities,
  cleanupAbandonedUploads,
  createCrashRecordingActivities,
  LiveNetworks,
  resolveFfmpeg,
  createHighresDeletionActivities,
  createReplicationActivities,
  createLifecycleRulesActivities,
  createSendToStorageActivities,
  createStorageScanActivities,
  createWatchFolderActivities,
  createTaskReminderActivities,
  createTranscodeActivities,
  type StorageResolver,
} from '@mam/workers';
import {
  ARCHIVE_TASK_QUEUE,
  CRASH_RECORDING_TASK_QUEUE,
  crashRecordingStateQuery,
  createWorkflowRuntime,
  HIGHRES_DELETION_TASK_QUEUE,
  REPLICATION_TASK_QUEUE,
  LIFECYCLE_TASK_QUEUE,
  STORAGE_SCAN_TASK_QUEUE,
  TASK_REMINDER_TASK_QUEUE,
  TRANSCODE_TASK_QUEUE,
  WATCH_FOLDER_TASK_QUEUE,
  withActivityContext,
  WorkflowNotFoundError,
  type WorkflowEngine,
} from '@mam/workflows';
import { instrumentActivities, instrumentEngine } from './observability/instrument-workflows';
import type { ProcessingService } from './services/items/processing.service';
import type { LifecycleRuleService } from './services/lifecycle/lifecycle-rule.service';
import type { LiveSourceService } from './services/live/live-source.service';
import type { NotificationService } from './services/notification.service';
import type { StorageScanService } from './services/storage-scan/storage-scan.service';
import type { WatchFolderService } from './services/watch-folders/watch-folder.service';
import type { ServiceLogger } from './services/service-deps';

export interface MediaPipelineOptions {
  db: Database;
  repos: Repositories;
  dataDir: string;
  /** Set: workflows run on this Temporal cluster; unset: the embedded durable runtime runs them in-process. */
  temporalAddress?: string;
  temporalNamespace?: string;
  /** True when no other process shares the database (embedded PGlite). */
  exclusive: boolean;
  logger: ServiceLogger;
  /** Resolved late: the storage service is built after the engine it uses. */
  storages: () => StorageResolver;
  /** ffmpeg runs at once; they are CPU-bound, so one per core when unset. */
  mediaConcurrency?: number;
  /** Resolved late like storages: tells the user who started a run that it finished or failed. */
  notifications?: () => Pick<NotificationService, 'operationEnded' | 'taskDue' | 'liveRecordingChanged'>;
  /** Resolved late like storages: makes items of the files a storage scan finds. */
  storageScans?: () => Pick<StorageScanService, 'ingest'>;
  /** Resolved late like storages: makes items of the stable files of watch folders and hands their runs over. */
  watchFolders?: () => Pick<WatchFolderService, 'ingest' | 'continueAfter'>;
  /** Resolved late like storages: hands a joined recording to the usual processing. */
  processing?: () => Pick<ProcessingService, 'startTranscode'>;
  /** Resolved late like storages: the live sources crash recordings record, with their credentials. */
  liveSources?: () => Pick<LiveSourceService, 'get'>;
  /** Resolved late like storages: applies a tenant's lifecycle rules through the archive and deletion services. */
  lifecycleRules?: () => Pick<LifecycleRuleService, 'applyRound' | 'continueAfter' | 'keepRunning'>;
  /** LIVE_SOURCE_ALLOWED_NETWORKS: private networks pulled live sources may be recorded from. */
  liveSourceNetworks?: LiveNetworks;
  /** TASK_REMINDER_LEAD_HOURS in ms: how long before a task's due date its assignee is reminded. Default 24 h. */
  taskReminderLeadMs?: number;
  /** The services' clock, so a test that moves it moves the reminders' "now" too. */
  clock?: () => Date;
}

export interface MediaPipeline {
  engine: WorkflowEngine;
  /** tus keeps partial uploads here; activities take finished ones from here. */
  uploadsDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The transcode, central render, task reminder, high-res deletion, storage scan, watch folder, archive, send-to-storage, replication, lifecycle rules and crash recording workflows and their activities on whichever workflow runtime this process uses. */
export async function createMediaPipeline(options: MediaPipelineOptions): Promise<MediaPipeline> {
  const uploadsDir = path.join(options.dataDir, 'uploads');
  const storages: StorageResolver = {
    resolve: (tenantId, storageId) => options.storages().resolve(tenantId, storageId),
    defaultFor: (tenantId, type) => options.storages().defaultFor(tenantId, type),
  };
  const workDir = path.join(options.dataDir, 'work');
  const logger = withActivityContext(options.logger);
  const activities = createTranscodeActivities({
    repos: options.repos,
    storages,
    uploadsDir,
    workDir,
    logger,
    onOperationEnded: async ({ tenantId, operation, outcome }) => {
      await options.notifications?.().operationEnded(tenantId, {
        userId: operation.userId,
        itemId: operation.itemId,
        operation: operation.kind,
        outcome,
        error: operation.error,
      });
    },
  });
  const renders = createCentralRenderActivities({ repos: options.repos, storages, uploadsDir, workDir, logger });
  const reminders = createTaskReminderActivities({
    repos: options.repos,
    clock: options.clock ?? (() => new Date()),
    leadMs: options.taskReminderLeadMs ?? DEFAULT_TASK_REMINDER_LEAD_MS,
    remind: async (tenantId, task) => {
      await options.notifications?.().taskDue(tenantId, task);
    },
  });
  const highresDeletions = createHighresDeletionActivities({
    repos: options.repos,
    storages,
    clock: options.clock ?? (() => new Date()),
  });
  const scans = createStorageScanActivities({
    repos: options.repos,
    storages,
    workDir,
    ingest: (scan, file) => {
      if (!options.storageScans) throw new Error('This process cannot ingest scanned files');
      return options.storageScans().ingest(scan, file);
    },
  });
  const watchFolders = createWatchFolderActivities({
    repos: options.repos,
    storages,
    ingest: (watch, file) => {
      if (!options.watchFolders) throw new Error('This process cannot ingest watched files');
      return options.watchFolders().ingest(watch, file);
    },
    continueAfter: async (tenantId, watchFolderId) => {
      if (!options.watchFolders) throw new Error('This process cannot continue watch folders');
      await options.watchFolders().continueAfter(tenantId, watchFolderId);
    },
  });
  const archive = createArchiveActivities({
    db: options.db,
    repos: options.repos,
    storages,
    // Only restores are told: they take hours, and the requester is waiting for the media to come back.
    onTransferEnded: async ({ step, outcome, error, restore }) => {
      // A failed archive copy may leave a multipart upload behind: the tenant's scheduled task aborts it once nobody
      // can resume it any more (abandonedUploadReason), so that task must be running.
      if (!restore && outcome === 'error') await options.lifecycleRules?.().keepRunning(step.tenantId);
      if (!restore) return;
      await options.notifications?.().operationEnded(step.tenantId, {
        userId: step.userId,
        itemId: step.itemId,
        operation: 'restore',
        outcome,
        error,
      });
    },
  });
  let engine: WorkflowEngine | null = null;
  let binaries: ReturnType<typeof resolveFfmpeg> | null = null;
  const recordings = createCrashRecordingActivities({
    repos: options.repos,
    storages,
    uploadsDir,
    recordingsDir: path.join(options.dataDir, 'live'),
    binaries: () => (binaries ??= resolveFfmpeg()),
    networks: options.liveSourceNetworks ?? new LiveNetworks([]),
    loadSource: (tenantId, sourceId) => {
      if (!options.liveSources) throw new Error('This process cannot read live sources');
      return options.liveSources().get(tenantId, sourceId);
    },
    handOver: async (tenantId, versionId, userId) => {
      if (!options.processing) throw new Error('This process cannot start processing');
      await options.processing().startTranscode(tenantId, versionId, userId);
    },
    // A closed run (or one this engine cannot reach) has nothing left to record.
    recordingState: async (workflowId) => {
      if (!engine) return null;
      // Only a run that is not there is over; any other failure is the recorder's to retry on its next ask.
      const run = await engine.describe(workflowId).catch((error: unknown) => {
        if (error instanceof WorkflowNotFoundError) return null;
        throw error;
      });
      if (run?.status !== 'RUNNING') return null;
      return engine.query(workflowId, crashRecordingStateQuery);
    },
    onEndedAlone: async (tenantId, ended) => {
      await options.notifications?.().liveRecordingChanged(tenantId, {
        starterId: ended.starterId,
        actorId: null,
        itemId: ended.itemId,
        event: 'ended',
        source: ended.sourceName,
        reason: ended.reason,
      });
    },
    // Segments are placed and recordings end by the wall clock, never by a test's moved one.
    logger,
  });
  const sends = createSendToStorageActivities({ repos: options.repos, storages });
  const replications = createReplicationActivities({ repos: options.repos, storages });
  const lifecycle = createLifecycleRulesActivities({
    apply: (input) => {
      if (!options.lifecycleRules) throw new Error('This process cannot apply lifecycle rules');
      return options.lifecycleRules().applyRound(input);
    },
    continueAfter: async (input) => options.lifecycleRules?.().continueAfter(input),
    cleanup: async (tenantId) => {
      await cleanupAbandonedUploads(
        {
          repos: options.repos,
          storages,
          onAborted: (event) => logger.info({ ...event }, 'abandoned archive upload aborted'),
          onAbortFailed: ({ error, ...event }) =>
            logger.warn(
              { err: error, ...event },
              'abandoned archive upload could not be aborted; tried again next round',
            ),
        },
        tenantId,
      );
    },
    onCleanupFailed: (tenantId, error) =>
      logger.warn({ err: error, tenantId }, 'abandoned archive upload cleanup failed; tried again next round'),
  });
  const runtime = createWorkflowRuntime({
    temporalAddress: options.temporalAddress,
    namespace: options.temporalNamespace,
    db: options.db,
    activities: instrumentActivities({
      ...activities,
      ...renders,
      ...reminders,
      ...highresDeletions,
      ...scans,
      ...watchFolders,
      ...archive,
      ...recordings,
      ...sends,
      ...replications,
      ...lifecycle,
    }),
    // Reminders are light database work: a couple at once beside the media work.
    // High-res deletions are a few storage deletes each: one at a time is plenty.
    // One scan page at a time: each lists the location and hands its files to the media queue.
    // Archive copies (and sends to storage, on the same queue) are bound by storage bandwidth, not CPU: a couple at
    // once beside the media work.
    taskQueues: {
      [TRANSCODE_TASK_QUEUE]: options.mediaConcurrency,
      [TASK_REMINDER_TASK_QUEUE]: 2,
      [HIGHRES_DELETION_TASK_QUEUE]: 1,
      [STORAGE_SCAN_TASK_QUEUE]: 1,
      // A poll lists one location and makes items of its stable files: light, but one slow listing must not hold the rest.
      [WATCH_FOLDER_TASK_QUEUE]: 2,
      [ARCHIVE_TASK_QUEUE]: 2,
      // Each recording holds its slot for as long as it records: room for several feeds at once.
      [CRASH_RECORDING_TASK_QUEUE]: 8,
      // Replication shards copy side by side, bound by storage bandwidth; shards beyond these slots queue for one.
      [REPLICATION_TASK_QUEUE]: 4,
      // A round starts archives and schedules deletions one item at a time: one tenant's round at once is plenty.
      [LIFECYCLE_TASK_QUEUE]: 1,
    },
    embedded: { exclusive: options.exclusive },
    logger: options.logger,
  });
  engine = runtime.engine;
  return {
    engine: instrumentEngine(runtime.engine),
    uploadsDir,
    start: () => runtime.start(),
    stop: () => runtime.stop(),
  };
}
