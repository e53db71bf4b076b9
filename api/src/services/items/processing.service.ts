import { AppError, can, initiatedProcess, isAdmin, withoutGrowingHls, type OperationKind } from '@mam/core';
import type { TOperationRow } from '@mam/db';
import type { WorkflowEngine } from '@mam/workflows';
import { TRANSCODE_TASK_QUEUE, type TranscodeInput } from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { createAuditService } from '../audit.service';
import type { ServiceDeps } from '../service-deps';
import type { UploadService } from './upload.service';
import { currentRequestId } from '../request-context';
import { liveFoundOrNotFound } from './live-item';

/** Business key of a version's transcode run, as operators see it in the Temporal web UI. */
export function transcodeWorkflowId(tenantSlug: string, itemId: string, versionNumber: number): string {
  return `${tenantSlug}:item-${itemId}:v${versionNumber}:transcode`;
}

export interface TOperationView {
  id: string;
  kind: OperationKind;
  status: TOperationRow['status'];
  title: string;
  itemId: string | null;
  progress: number;
  step: string | null;
  error: string | null;
  bytesTotal: number | null;
  bytesDone: number | null;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  canCancel: boolean;
}

const CANCELLABLE = new Set(['pending', 'queued', 'in_progress']);

/** Hands uploaded versions to the transcode workflow, reruns it (reprocess), cancels it and lists the runs. */
export function createProcessingService(
  deps: ServiceDeps,
  uploads: UploadService,
  audit: ReturnType<typeof createAuditService>,
) {
  const { repos } = deps;
  // The CLI has no engine; only a serving process hands work to workflows.
  function engine(): WorkflowEngine {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  function toView(actor: AuthedActor, row: TOperationRow): TOperationView {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      title: row.title,
      itemId: row.itemId,
      progress: Math.round(row.progress * 10) / 10,
      step: row.step,
      error: row.error,
      bytesTotal: row.bytesTotal,
      bytesDone: row.bytesDone,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canCancel: CANCELLABLE.has(row.status) && (row.userId === actor.userId || isAdmin(actor)),
    };
  }

  async function isRunning(workflowId: string): Promise<boolean> {
    try {
      const description = await engine().describe(workflowId);
      return description.status === 'RUNNING';
    } catch {
      return false;
    }
  }

  const service = {
    /** Starts (or finds running) the transcode of a stored upload. Safe to call again for the same version. */
    async startTranscode(tenantId: string, versionId: string, userId: string | null): Promise<void> {
      const version = await repos.items.findVersion(tenantId, versionId);
      const tenant = await repos.tenants.findById(tenantId);
      if (!version || !tenant || version.upload.state !== 'COMPLETE') return;
      const workflowId = transcodeWorkflowId(tenant.slug, version.itemId, version.number);
      if (await isRunning(workflowId)) return;
      let operation = await repos.operations.findByVersion(tenantId, versionId, 'transcode');
      if (!operation || !CANCELLABLE.has(operation.status)) {
        const parent = await repos.items.findById(tenantId, version.itemId);
        operation = await repos.operations.insert(tenantId, {
          // Processing after an upload belongs to the uploader's activity monitor.
          userId: userId ?? version.createdBy,
          kind: 'transcode',
          status: 'queued',
          itemId: version.itemId,
          versionId,
          title: parent?.title ?? version.fileName,
          workflowId,
        });
      }
      await repos.items.updateVersion(tenantId, versionId, { transcoding: initiatedProcess() });
      const input: TranscodeInput = { tenantId, itemId: version.itemId, versionId, operationId: operation.id };
      try {
        await engine().start('transcodeWorkflow', {
          workflowId,
          taskQueue: TRANSCODE_TASK_QUEUE,
          args: [input],
          tenantId,
          itemId: version.itemId,
          requestId: currentRequestId(),
        });
      } catch (error) {
        // Lost a race with another start of the same run: that one carries on.
        if (await isRunning(workflowId)) return;
        throw error;
      }
    },

    /** Reprocess: the leading version's transcode again (permission reprocess; admins bypass). */
    async reprocess(actor: AuthedActor, itemId: string): Promise<void> {
      const found = liveFoundOrNotFound(actor, await repos.items.findWithVersion(actor.tenantId, itemId));
      if (!can(actor, 'reprocess')) throw new AppError('FORBIDDEN');
      const version = found.version;
      if (!version || version.upload.state !== 'COMPLETE') throw new AppError('REPROCESS_NOT_SUPPORTED');
      // A virtual clip leads with its source's version: it has no media of its own to process.
      if (version.itemId !== found.item.id) throw new AppError('REPROCESS_NOT_SUPPORTED');
      if (version.transcoding.state === 'PROGRESSING') throw new AppError('REPROCESS_NOT_SUPPORTED');
      const operation = await repos.operations.findByVersion(actor.tenantId, version.id, 'transcode');
      await audit.change(
        actor,
        null,
        async (tx) => {
          if (operation && CANCELLABLE.has(operation.status)) {
            await tx.operations.update(actor.tenantId, operation.id, { status: 'cancelled' });
          }
        },
        () => ({
          action: 'item.reprocess',
          targetType: 'item',
          targetId: itemId,
          summary: `Reprocessing version ${version.number}`,
          details: { versionId: version.id },
        }),
      );
      await service.startTranscode(actor.tenantId, version.id, actor.userId);
    },

    async listOperations(
      actor: AuthedActor,
      options: { everyone: boolean; kinds?: OperationKind[]; limit: number; before?: string },
    ): Promise<TOperationView[]> {
      const kinds = (options.kinds ?? ['upload', 'transcode']).filter((kind) =>
        kind === 'upload' ? can(actor, 'systemActivityUpload') : can(actor, 'systemActivityProcessor'),
      );
      if (kinds.length === 0) return [];
      const rows = await repos.operations.list(actor.tenantId, {
        userId: options.everyone && isAdmin(actor) ? undefined : actor.userId,
        kinds,
        before: options.before ? new Date(options.before) : undefined,
        limit: options.limit,
      });
      return rows.map((row) => toView(actor, row));
    },

    /** Cancel: an upload is discarded, a processing run is cancelled and its item shows why. */
    async cancel(actor: AuthedActor, operationId: string): Promise<void> {
      const operation = await repos.operations.findById(actor.tenantId, operationId);
      if (!operation) throw new AppError('NOT_FOUND');
      if (operation.userId !== actor.userId && !isAdmin(actor)) throw new AppError('NOT_FOUND');
      if (!CANCELLABLE.has(operation.status)) return;
      if (operation.kind === 'upload' && operation.versionId) {
        await uploads.discard(actor.tenantId, operation.versionId, 'cancelled');
        return;
      }
      if (operation.workflowId) {
        try {
          await engine().cancel(operation.workflowId);
        } catch {
          // Already closed: nothing to stop.
        }
      }
      await audit.change(
        actor,
        null,
        (tx) => service.transcodeStopped(actor.tenantId, operation.id, operation.versionId, tx),
        () => ({
          action: 'item.processingCancelled',
          targetType: 'item',
          targetId: operation.itemId ?? undefined,
          subject: operation.title,
          summary: `Cancelled processing of ${operation.title}`,
        }),
      );
    },

    /**
     * The bookkeeping of a transcode run stopped from outside (cancelled or terminated): the workflow leaves it to
     * whoever stopped it, so the operation and the item show why.
     */
    async transcodeStopped(
      tenantId: string,
      operationId: string,
      versionId: string | null,
      db: Pick<typeof repos, 'operations' | 'items'> = repos,
    ): Promise<void> {
      await db.operations.update(tenantId, operationId, { status: 'cancelled', error: null });
      if (!versionId) return;
      const version = await db.items.findVersion(tenantId, versionId);
      if (version && version.transcoding.state !== 'COMPLETE') {
        await db.items.updateVersion(tenantId, version.id, {
          transcoding: { ...version.transcoding, state: 'ERROR', error: 'Processing was cancelled.', step: null },
          renditions: withoutGrowingHls(version.renditions),
        });
      }
    },

    /** After a restart: every stored upload whose processing did not finish is handed to the engine again. */
    async resumePending(): Promise<number> {
      const pending = await repos.items.listVersionsAwaitingProcessing();
      for (const version of pending) await service.startTranscode(version.tenantId, version.id, version.createdBy);
      return pending.length;
    },
  };
  return service;
}

export type ProcessingService = ReturnType<typeof createProcessingService>;
