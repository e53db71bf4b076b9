import { AppError, assertCan, canView, isSendToStorageTarget, sendToStorageFileName, isUuid } from '@mam/core';
import type { TItemRow, TStorageKind } from '@mam/db';
import {
  SEND_TO_STORAGE_TASK_QUEUE,
  sendToStorageWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  type SendToStorageInput,
  type SendToStorageProgress,
  type SendToStorageResult,
  type TWorkflowStatus,
  type TWorkflowSummary,
  type WorkflowEngine,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { ServiceDeps } from '../service-deps';
import type { TenantConfigService } from '../tenant-config.service';
import { currentRequestId } from '../request-context';

export const SEND_TO_STORAGE_WORKFLOW = 'sendToStorageWorkflow';

/** A location the user may send items to. */
export interface TSendToStorageLocation {
  id: string;
  name: string;
  kind: TStorageKind;
}

/** One send of the item, as its workflow run tells it. */
export interface TSendToStorageStatus {
  itemId: string;
  storageId: string;
  /** Null when the location was deleted since. */
  storageName: string | null;
  workflowId: string;
  status: TWorkflowStatus;
  bytesDone: number;
  bytesTotal: number;
  percent: number;
  /** The file's name in the location, once the send has finished. */
  fileName: string | null;
  /** Its key in the location (`<tenantId>/<fileName>`, under the location's path prefix), once sent. */
  key: string | null;
  /** SHA-256 of the verified copy, once the send has finished. */
  sha256: string | null;
  /** Why the send failed: `SEND_TO_STORAGE_FAILED` with the reason. */
  error: { code: 'SEND_TO_STORAGE_FAILED'; message: string; reason: string } | null;
  startedAt: string;
  finishedAt: string | null;
}

/** The item's latest runs read for its sends; older ones are history (Background jobs). */
const RUNS_READ = 100;

/**
 * Send to storage (spec section 6, permission sendToStorage): an item's high resolution (its current version's
 * original) copied as a file to another of the tenant's storage locations, by sendToStorageWorkflow, keeping it in
 * the MAM. The run is the send's record: its status, heartbeat progress and result are what callers see.
 */
export function createSendToStorageService(deps: ServiceDeps, tenantConfig: TenantConfigService) {
  const { repos } = deps;

  function engine(): WorkflowEngine {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  async function findItem(actor: AuthedActor, itemId: string): Promise<TItemRow> {
    const item = isUuid(itemId) ? await repos.items.findById(actor.tenantId, itemId) : undefined;
    if (!item || item.deletedAt || !canView(actor, item)) throw new AppError('NOT_FOUND');
    return item;
  }

  /** Another tenant's location, an unknown one and one that is no export location are all refused alike. */
  async function targetOf(actor: AuthedActor, storageId: string) {
    const row = isUuid(storageId) ? await repos.storageLocations.findById(actor.tenantId, storageId) : undefined;
    if (!row || !isSendToStorageTarget(row.types)) throw new AppError('SEND_TO_STORAGE_TARGET_INVALID');
    return row;
  }

  async function statusOf(
    itemId: string,
    run: Pick<TWorkflowSummary, 'workflowId' | 'status' | 'startedAt' | 'closedAt'>,
    storageId: string,
    names: Map<string, string>,
  ): Promise<TSendToStorageStatus> {
    let progress: SendToStorageProgress = { bytesDone: 0, bytesTotal: 0 };
    let result: SendToStorageResult | null = null;
    let error: TSendToStorageStatus['error'] = null;
    if (run.status === 'RUNNING') {
      const description = await engine().describe(run.workflowId);
      const copying = description.pendingActivities.find((a) => a.activityType === 'copyToStorage');
      const details = copying?.heartbeatDetails as Partial<SendToStorageProgress> | undefined;
      progress = { bytesDone: details?.bytesDone ?? 0, bytesTotal: details?.bytesTotal ?? 0 };
    } else if (run.status === 'COMPLETED') {
      result = await engine().result<SendToStorageResult>(run.workflowId);
      progress = { bytesDone: result.size, bytesTotal: result.size };
    } else {
      const description = await engine().describe(run.workflowId);
      const reason = description.failure?.rootMessage ?? run.status.toLowerCase();
      const message = `Sending the item to the storage location failed: ${reason}`;
      error = { code: 'SEND_TO_STORAGE_FAILED', message, reason };
    }
    const ratio = progress.bytesTotal > 0 ? progress.bytesDone / progress.bytesTotal : 0;
    return {
      itemId,
      storageId,
      storageName: names.get(storageId) ?? null,
      workflowId: run.workflowId,
      status: run.status,
      bytesDone: progress.bytesDone,
      bytesTotal: progress.bytesTotal,
      percent: run.status === 'COMPLETED' ? 100 : Math.min(99, Math.floor(ratio * 100)),
      fileName: result?.fileName ?? null,
      key: result?.key ?? null,
      sha256: result?.sha256 ?? null,
      error,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.closedAt?.toISOString() ?? null,
    };
  }

  async function storageNames(tenantId: string): Promise<Map<string, string>> {
    return new Map((await repos.storageLocations.list(tenantId)).map((row) => [row.id, row.name]));
  }

  return {
    /** The tenant's locations the user may send items to: its export locations, never the archive. */
    async locations(actor: AuthedActor): Promise<TSendToStorageLocation[]> {
      assertCan(actor, 'sendToStorage');
      return (await repos.storageLocations.list(actor.tenantId))
        .filter((row) => isSendToStorageTarget(row.types))
        .map((row) => ({ id: row.id, name: row.name, kind: row.kind }));
    },

    /** Starts the send; SEND_TO_STORAGE_RUNNING while the item is on its way to that location already. */
    async send(actor: AuthedActor, itemId: string, storageId: string): Promise<TSendToStorageStatus> {
      assertCan(actor, 'sendToStorage');
      const item = await findItem(actor, itemId);
      const target = await targetOf(actor, storageId);
      const version = item.leadingVersionId
        ? await repos.items.findVersion(actor.tenantId, item.leadingVersionId)
        : undefined;
      // A virtual clip leads with its source's version: its high resolution is not a file of its own.
      if (!version || version.itemId !== item.id || !version.originalKey || !version.storageId) {
        throw new AppError('ITEM_HAS_NO_MEDIA');
      }
      const config = await tenantConfig.current(actor.tenantId);
      const input: SendToStorageInput = {
        tenantId: actor.tenantId,
        itemId: item.id,
        versionId: version.id,
        storageId: target.id,
        fileName: sendToStorageFileName(item.title, version.fileName, config.maxExportFileNameLength),
        maxFileNameLength: config.maxExportFileNameLength,
        userId: actor.userId,
      };
      const workflowId = sendToStorageWorkflowId(actor.tenantId, item.id, target.id);
      try {
        await engine().start(SEND_TO_STORAGE_WORKFLOW, {
          workflowId,
          taskQueue: SEND_TO_STORAGE_TASK_QUEUE,
          args: [input],
          tenantId: actor.tenantId,
          itemId: item.id,
          requestId: currentRequestId(),
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) throw new AppError('SEND_TO_STORAGE_RUNNING');
        throw error;
      }
      const description = await engine().describe(workflowId);
      return statusOf(item.id, { ...description, workflowId }, target.id, new Map([[target.id, target.name]]));
    },

    /** The item's sends, newest first: the latest run to each location the item was sent to. */
    async list(actor: AuthedActor, itemId: string): Promise<TSendToStorageStatus[]> {
      assertCan(actor, 'sendToStorage');
      const item = await findItem(actor, itemId);
      const prefix = sendToStorageWorkflowId(actor.tenantId, item.id, '');
      const runs = (await engine().list({ tenantId: actor.tenantId, itemId: item.id, limit: RUNS_READ })).filter(
        (run) => run.type === SEND_TO_STORAGE_WORKFLOW && run.workflowId.startsWith(prefix),
      );
      const latest = new Map<string, TWorkflowSummary>();
      for (const run of runs) if (!latest.has(run.workflowId)) latest.set(run.workflowId, run);
      const names = await storageNames(actor.tenantId);
      return Promise.all(
        [...latest.values()].map((run) => statusOf(item.id, run, run.workflowId.slice(prefix.length), names)),
      );
    },
  };
}

export type SendToStorageService = ReturnType<typeof createSendToStorageService>;
