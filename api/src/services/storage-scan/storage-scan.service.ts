import path from 'node:path';
import { AppError, assertCan, canUpdate, canView, initiatedProcess } from '@mam/core';
import type { TStorageScanRow } from '@mam/db';
import type { TScannedFile } from '@mam/workers';
import {
  STORAGE_SCAN_TASK_QUEUE,
  storageScanWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  type StorageScanInput,
  type WorkflowEngine,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { ProcessingService } from '../items/processing.service';
import { titleFromFileName } from '../items/upload.service';
import { defaultUploadFolder } from '../items/upload-folder.service';
import { currentRequestId } from '../request-context';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';

/** A scan as administrators and the REST API see it. */
export interface TStorageScanView {
  id: string;
  storageId: string;
  folderId: string;
  from: string | null;
  to: string | null;
  status: TStorageScanRow['status'];
  filesSeen: number;
  itemsCreated: number;
  filesSkipped: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface TStartScanInput {
  from?: string;
  to?: string;
  folderId?: string;
}

function toView(row: TStorageScanRow): TStorageScanView {
  return {
    id: row.id,
    storageId: row.storageId,
    folderId: row.folderId,
    from: row.modifiedFrom?.toISOString() ?? null,
    to: row.modifiedTo?.toISOString() ?? null,
    status: row.status,
    filesSeen: row.filesSeen,
    itemsCreated: row.itemsCreated,
    filesSkipped: row.filesSkipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Storage scan (spec section 4): a catch-up ingest of a storage location, optionally of files modified within a date
 * range, run as a durable workflow. Found media is referenced where it lies and processed like an upload.
 */
export function createStorageScanService(
  deps: ServiceDeps,
  audit: AuditService,
  storages: StorageService,
  processing: ProcessingService,
) {
  const { repos } = deps;

  function engine(): WorkflowEngine {
    if (!deps.workflows) throw new AppError('STORAGE_SCAN_FAILED');
    return deps.workflows;
  }

  async function isRunning(workflowId: string): Promise<boolean> {
    try {
      return (await engine().describe(workflowId)).status === 'RUNNING';
    } catch {
      return false;
    }
  }

  async function targetFolderId(actor: AuthedActor, folderId: string | undefined): Promise<string> {
    if (!folderId) return (await defaultUploadFolder(repos, actor)).folder.id;
    const folder = await repos.folders.findById(actor.tenantId, folderId);
    const access = folder && { ...folder, createdBy: folder.ownerId };
    if (!access || !canView(actor, access)) throw new AppError('NOT_FOUND');
    if (!canUpdate(actor, access)) throw new AppError('UPLOAD_FORBIDDEN');
    return access.id;
  }

  /** The running scan of a location, if any: a second request joins it instead of starting another. */
  async function runningScan(tenantId: string, storageId: string): Promise<TStorageScanRow | undefined> {
    const [latest] = await repos.storageScans.listForStorage(tenantId, storageId, 1);
    if (latest?.status !== 'running') return undefined;
    return (await isRunning(latest.workflowId)) ? latest : undefined;
  }

  /** A location the scan cannot read is refused before a run starts; scanned locations need not be writable. */
  async function assertReachable(tenantId: string, storageId: string): Promise<void> {
    try {
      const storage = await storages.resolve(tenantId, storageId);
      await storage.head(`${tenantId}/storage-scan-probe`);
    } catch (error) {
      deps.logger.warn({ err: error, storageId }, 'storage scan: location unreachable');
      throw new AppError('STORAGE_SCANNING_FAILED');
    }
  }

  return {
    async start(
      actor: AuthedActor,
      storageId: string,
      input: TStartScanInput,
      meta: RequestMeta | null,
    ): Promise<TStorageScanView> {
      assertCan(actor, 'tenantAdmin');
      const storage = await storages.get(actor, storageId);
      const from = input.from ? new Date(input.from) : null;
      const to = input.to ? new Date(input.to) : null;
      if (from && to && from > to) throw new AppError('STORAGE_SCANNING_FAILED');
      // Where the product writes renditions is its own: scanning it would make items of them.
      if (storage.types.includes('generated')) throw new AppError('STORAGE_SCANNING_FAILED');
      const folderId = await targetFolderId(actor, input.folderId);
      const joined = await runningScan(actor.tenantId, storageId);
      if (joined) return toView(joined);
      await assertReachable(actor.tenantId, storageId);
      const workflowId = storageScanWorkflowId(actor.tenantId, storageId);
      const scan = await audit.change(
        actor,
        meta,
        (tx) =>
          tx.storageScans.insert(actor.tenantId, {
            storageId,
            folderId,
            modifiedFrom: from,
            modifiedTo: to,
            workflowId,
            createdBy: actor.userId,
          }),
        (row) => ({
          action: 'storage.scanStarted',
          targetType: 'storage',
          targetId: storageId,
          subject: storage.name,
          summary: `Storage scan of "${storage.name}" started`,
          details: { scanId: row.id, from: input.from ?? null, to: input.to ?? null, folderId },
        }),
      );
      const args: StorageScanInput = { tenantId: actor.tenantId, scanId: scan.id, storageId };
      try {
        await engine().start('storageScanWorkflow', {
          workflowId,
          taskQueue: STORAGE_SCAN_TASK_QUEUE,
          args: [args],
          tenantId: actor.tenantId,
          requestId: currentRequestId(),
        });
      } catch (error) {
        const message = error instanceof WorkflowExecutionAlreadyStartedError ? 'Another scan was running.' : null;
        await repos.storageScans.finish(actor.tenantId, scan.id, 'failed', message ?? 'The scan could not start.');
        const other = await runningScan(actor.tenantId, storageId);
        if (other) return toView(other);
        deps.logger.error({ err: error, storageId }, 'storage scan could not start');
        throw new AppError('STORAGE_SCAN_FAILED');
      }
      return toView(scan);
    },

    async get(actor: AuthedActor, storageId: string, scanId: string): Promise<TStorageScanView> {
      assertCan(actor, 'tenantAdmin');
      const scan = await repos.storageScans.findById(actor.tenantId, scanId);
      if (!scan || scan.storageId !== storageId) throw new AppError('NOT_FOUND');
      return toView(scan);
    },

    /** The location's latest scans, newest first. */
    async list(actor: AuthedActor, storageId: string): Promise<TStorageScanView[]> {
      await storages.get(actor, storageId);
      return (await repos.storageScans.listForStorage(actor.tenantId, storageId, 20)).map(toView);
    },

    /**
     * The scan workflow's ingest of one file: the file is claimed as known and its item made in one transaction, so
     * a page run again after a crash finds it known. Processing starts after the commit; a restart in between is
     * caught up by the processing service's resume.
     */
    async ingest(scan: TStorageScanRow, file: TScannedFile): Promise<boolean> {
      const fileName = path.posix.basename(file.key);
      const title = titleFromFileName(fileName);
      const known = { storageId: scan.storageId, key: file.key, size: file.size, fingerprint: file.fingerprint };
      const created = await audit.change(
        { tenantId: scan.tenantId },
        null,
        async (tx) => {
          if (!(await tx.storageScans.claimFile(scan.tenantId, known))) return null;
          const made = await tx.items.insertWithVersion(
            scan.tenantId,
            { folderId: scan.folderId, title, createdBy: scan.createdBy, ownerId: scan.createdBy },
            {
              fileName,
              fileSize: file.size,
              storageId: scan.storageId,
              originalKey: file.key,
              upload: { state: 'COMPLETE', receivedBytes: file.size, totalBytes: file.size, error: null },
              transcoding: initiatedProcess(),
              createdBy: scan.createdBy,
            },
          );
          await tx.storageScans.linkItem(scan.tenantId, known, made.item.id);
          return made;
        },
        (made) =>
          made
            ? {
                action: 'item.ingestedFromStorage',
                targetType: 'item',
                targetId: made.item.id,
                subject: file.key,
                summary: `Ingested ${file.key} from storage`,
                details: { scanId: scan.id, storageId: scan.storageId, key: file.key, size: file.size },
              }
            : [],
      );
      if (!created) return false;
      await processing.startTranscode(scan.tenantId, created.version.id, scan.createdBy);
      return true;
    },
  };
}

export type StorageScanService = ReturnType<typeof createStorageScanService>;
