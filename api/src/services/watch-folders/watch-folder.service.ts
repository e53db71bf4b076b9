import {
  AppError,
  assertCan,
  normalizeWatchSubpath,
  WATCH_FOLDER_DEFAULT_STABLE_SECONDS,
  watchFolderPlacementError,
  type TWatchedFile,
} from '@mam/core';
import type { TWatchFolderRow } from '@mam/db';
import {
  WATCH_FOLDER_TASK_QUEUE,
  watchFolderWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type WatchFolderInput,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { ProcessingService } from '../items/processing.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';
import { assertIngestFolder } from '../storage-scan/ingest-folder';
import { createStoredFileIngest } from '../storage-scan/stored-file-ingest';

/** `watching`: its workflow polls; `stopped`: enabled but no workflow runs (it failed); `disabled`: switched off. */
export type TWatchFolderState = 'watching' | 'stopped' | 'disabled';

/** A watch folder as administrators and the REST API see it. */
export interface TWatchFolderView {
  id: string;
  storageId: string;
  subpath: string;
  folderId: string;
  enabled: boolean;
  stableSeconds: number;
  state: TWatchFolderState;
  filesIngested: number;
  createdAt: string;
  updatedAt: string;
}

export interface TWatchFolderInput {
  storageId: string;
  subpath?: string;
  folderId: string;
  enabled?: boolean;
  stableSeconds?: number;
}

export type TWatchFolderUpdate = Partial<Omit<TWatchFolderInput, 'storageId'>>;

/** How long a run that handed over may take to close before its successor is started anyway at the next boot. */
const HANDOVER_WAIT_MS = 60_000;

/**
 * Watch folders (spec section 3): a high-res location's subpath whose files are ingested into a target folder once
 * they stop changing, each exactly once. One durable workflow per enabled watch folder polls it; disabling or
 * deleting it cancels that workflow, and the server starts the missing ones of enabled watch folders at boot.
 */
export function createWatchFolderService(
  deps: ServiceDeps,
  audit: AuditService,
  storages: StorageService,
  processing: Pick<ProcessingService, 'startTranscode'>,
) {
  const { repos } = deps;
  const ingestStoredFile = createStoredFileIngest(audit, processing);

  async function runStatus(workflowId: string): Promise<string | null> {
    if (!deps.workflows) return null;
    try {
      return (await deps.workflows.describe(workflowId)).status;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return null;
      throw error;
    }
  }

  async function toView(row: TWatchFolderRow, filesIngested: number): Promise<TWatchFolderView> {
    const running = row.enabled && (await runStatus(watchFolderWorkflowId(row.tenantId, row.id))) === 'RUNNING';
    return {
      id: row.id,
      storageId: row.storageId,
      subpath: row.subpath,
      folderId: row.folderId,
      enabled: row.enabled,
      stableSeconds: row.stableSeconds,
      state: !row.enabled ? 'disabled' : running ? 'watching' : 'stopped',
      filesIngested,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function viewOf(row: TWatchFolderRow): Promise<TWatchFolderView> {
    return toView(row, (await repos.watchFolders.ingestedCounts(row.tenantId)).get(row.id) ?? 0);
  }

  /** Starts the watch folder's workflow unless one runs; true when it started one. */
  async function ensureRunning(row: TWatchFolderRow): Promise<boolean> {
    if (!deps.workflows || !row.enabled) return false;
    const input: WatchFolderInput = { tenantId: row.tenantId, watchFolderId: row.id };
    try {
      await deps.workflows.start('watchFolderWorkflow', {
        workflowId: watchFolderWorkflowId(row.tenantId, row.id),
        taskQueue: WATCH_FOLDER_TASK_QUEUE,
        args: [input],
        tenantId: row.tenantId,
      });
      return true;
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
      throw error;
    }
  }

  async function stop(tenantId: string, id: string): Promise<void> {
    try {
      await deps.workflows?.cancel(watchFolderWorkflowId(tenantId, id));
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }

  /** A location of the actor's tenant to watch (404 for another tenant's) at a subpath that may be watched. */
  async function assertPlacement(actor: AuthedActor, storageId: string, subpath: string): Promise<void> {
    const storage = await storages.get(actor, storageId);
    const error = watchFolderPlacementError(storage.types, subpath);
    if (error) throw new AppError(error);
  }

  async function findOwn(actor: AuthedActor, id: string): Promise<TWatchFolderRow> {
    assertCan(actor, 'tenantAdmin');
    const row = await repos.watchFolders.findById(actor.tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  const describeRow = (row: TWatchFolderRow) => `${row.subpath || '/'}`;

  return {
    async list(actor: AuthedActor): Promise<TWatchFolderView[]> {
      assertCan(actor, 'tenantAdmin');
      const rows = await repos.watchFolders.list(actor.tenantId);
      const counts = await repos.watchFolders.ingestedCounts(actor.tenantId);
      return Promise.all(rows.map((row) => toView(row, counts.get(row.id) ?? 0)));
    },

    async get(actor: AuthedActor, id: string): Promise<TWatchFolderView> {
      return viewOf(await findOwn(actor, id));
    },

    async create(actor: AuthedActor, input: TWatchFolderInput, meta: RequestMeta | null): Promise<TWatchFolderView> {
      assertCan(actor, 'tenantAdmin');
      const subpath = normalizeWatchSubpath(input.subpath ?? '');
      await assertPlacement(actor, input.storageId, input.subpath ?? '');
      const folderId = await assertIngestFolder(repos, actor, input.folderId);
      if (await repos.watchFolders.findByPath(actor.tenantId, input.storageId, subpath)) {
        throw new AppError('WATCH_FOLDER_DUPLICATE');
      }
      const row = await audit.change(
        actor,
        meta,
        (tx) =>
          tx.watchFolders.insert(actor.tenantId, {
            storageId: input.storageId,
            subpath,
            folderId,
            enabled: input.enabled ?? true,
            stableSeconds: input.stableSeconds ?? WATCH_FOLDER_DEFAULT_STABLE_SECONDS,
            createdBy: actor.userId,
          }),
        (created) => ({
          action: 'storage.watchFolderAdded',
          targetType: 'storage',
          targetId: created.storageId,
          subject: describeRow(created),
          summary: `Watch folder "${describeRow(created)}" added`,
          details: { watchFolderId: created.id, folderId, stableSeconds: created.stableSeconds },
        }),
      );
      await ensureRunning(row);
      return viewOf(row);
    },

    async update(
      actor: AuthedActor,
      id: string,
      input: TWatchFolderUpdate,
      meta: RequestMeta | null,
    ): Promise<TWatchFolderView> {
      const before = await findOwn(actor, id);
      const subpath = input.subpath === undefined ? before.subpath : normalizeWatchSubpath(input.subpath);
      if (input.subpath !== undefined) await assertPlacement(actor, before.storageId, input.subpath);
      const folderId = input.folderId ? await assertIngestFolder(repos, actor, input.folderId) : before.folderId;
      const clash = await repos.watchFolders.findByPath(actor.tenantId, before.storageId, subpath);
      if (clash && clash.id !== id) throw new AppError('WATCH_FOLDER_DUPLICATE');
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const updated = await tx.watchFolders.update(actor.tenantId, id, {
            subpath,
            folderId,
            enabled: input.enabled ?? before.enabled,
            stableSeconds: input.stableSeconds ?? before.stableSeconds,
          });
          if (!updated) throw new AppError('NOT_FOUND');
          return updated;
        },
        (updated) => ({
          action: 'storage.watchFolderChanged',
          targetType: 'storage',
          targetId: updated.storageId,
          subject: describeRow(updated),
          summary: `Watch folder "${describeRow(updated)}" changed`,
          details: { watchFolderId: id, enabled: updated.enabled, folderId, stableSeconds: updated.stableSeconds },
        }),
      );
      // A running poll reads the row each time, so other changes reach it at its next poll.
      if (!row.enabled) await stop(actor.tenantId, id);
      else await ensureRunning(row);
      return viewOf(row);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const before = await findOwn(actor, id);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.watchFolders.delete(actor.tenantId, id))) throw new AppError('NOT_FOUND');
        },
        () => ({
          action: 'storage.watchFolderRemoved',
          targetType: 'storage',
          targetId: before.storageId,
          subject: describeRow(before),
          summary: `Watch folder "${describeRow(before)}" removed`,
          details: { watchFolderId: id },
        }),
      );
      await stop(actor.tenantId, id);
    },

    /** At boot: every enabled watch folder gets its workflow back if it has none (a run that failed or handed over). */
    async resumeAll(): Promise<number> {
      let started = 0;
      for (const row of await repos.watchFolders.listEnabled()) {
        try {
          if (await ensureRunning(row)) started += 1;
        } catch (error) {
          deps.logger.error({ err: error, watchFolderId: row.id }, 'watch folder could not start');
        }
      }
      return started;
    },

    /**
     * A run that reached its poll budget hands over to a fresh one: started here once it has closed. Not awaited by
     * the run (it closes only after this returns); a crash in between is caught up by `resumeAll` at boot.
     */
    async continueAfter(tenantId: string, id: string): Promise<void> {
      const workflowId = watchFolderWorkflowId(tenantId, id);
      void (async () => {
        for (let waited = 0; waited < HANDOVER_WAIT_MS; waited += 250) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          if ((await runStatus(workflowId)) === 'RUNNING') continue;
          const row = await repos.watchFolders.findById(tenantId, id);
          if (row) await ensureRunning(row);
          return;
        }
      })().catch((error: unknown) =>
        deps.logger.error({ err: error, watchFolderId: id }, 'watch folder hand-over failed'),
      );
    },

    /** The watch folder workflow's ingest of one stable file: claimed in the transaction that makes its item. */
    async ingest(watch: TWatchFolderRow, file: TWatchedFile): Promise<boolean> {
      const claimed = { watchFolderId: watch.id, key: file.key, size: file.size, version: file.version };
      return ingestStoredFile({
        tenantId: watch.tenantId,
        storageId: watch.storageId,
        key: file.key,
        size: file.size,
        folderId: watch.folderId,
        createdBy: watch.createdBy,
        claim: (tx) => tx.watchFolders.claimFile(watch.tenantId, claimed),
        link: (tx, itemId) => tx.watchFolders.linkItem(watch.tenantId, claimed, itemId),
        details: { watchFolderId: watch.id },
      });
    },
  };
}

export type WatchFolderService = ReturnType<typeof createWatchFolderService>;
