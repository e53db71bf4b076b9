import { AppError, assertCan } from '@mam/core';
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
import { defaultUploadFolder } from '../items/upload-folder.service';
import { currentRequestId } from '../request-context';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';
import { assertIngestFolder } from './ingest-folder';
import { createStoredFileIngest } from './stored-file-ingest';

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
  const ingestStoredFile = createStoredFileIngest(audit, processing);

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
    return assertIngestFolder(repos, actor, folderId);
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

    /** The scan workflow's ingest of one file: claimed as known in the transaction that makes its item. */
    async ingest(scan: TStorageScanRow, file: TScannedFile): Promise<boolean> {
      const known = { storageId: scan.storageId, key: file.key, size: file.size, fingerprint: file.fingerprint };
      return ingestStoredFile({
        tenantId: scan.tenantId,
        storageId: scan.storageId,
        key: file.key,
        size: file.size,
        folderId: scan.folderId,
        createdBy: scan.createdBy,
        claim: (tx) => tx.storageScans.claimFile(scan.tenantId, known),
        link: (tx, itemId) => tx.storageScans.linkItem(scan.tenantId, known, itemId),
        details: { scanId: scan.id },
      });
    },
  };
}

export type StorageScanService = ReturnType<typeof createStorageScanService>;
