import {
  AppError,
  archiveTransferRunning,
  assertCan,
  canView,
  type TArchiveDirection,
  type TArchiveTransfer,
} from '@mam/core';
import type { TItemRow } from '@mam/db';
import { ARCHIVE_TASK_QUEUE, archiveWorkflowId, type ArchiveInput, type WorkflowEngine } from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';
import { currentRequestId } from '../request-context';
import { forEachItem, MAX_BULK_ITEMS, type TBulkItemResult } from '../bulk/bulk-items';

export interface TArchiveOptions {
  /** An archive location of the tenant's; its default archive location when absent. */
  storageId?: string;
  /** A cold restore's tier; a plain archive location has none, so it is passed on and unused here. */
  tier?: 'express' | 'standard';
}

export interface TArchiveStarted {
  itemId: string;
  direction: TArchiveDirection;
  workflowId: string;
}

export type TBulkArchiveResult = TBulkItemResult<{ workflowId: string }>;

/** At most this many items in one bulk request; a larger selection is sent in parts. */
export const MAX_BULK_ARCHIVE_ITEMS = MAX_BULK_ITEMS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Archive and unarchive of items' high resolution: checks, the pending transfer on the item, and the workflow. */
export function createArchiveService(deps: ServiceDeps, audit: AuditService, storages: StorageService) {
  const { repos } = deps;

  function engine(): WorkflowEngine {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  async function findItem(actor: AuthedActor, itemId: string): Promise<TItemRow> {
    const item = UUID.test(itemId) ? await repos.items.findById(actor.tenantId, itemId) : undefined;
    if (!item || item.deletedAt || !canView(actor, item)) throw new AppError('NOT_FOUND');
    return item;
  }

  /** A failed transfer the same way resumes where it stopped, to the same place. */
  function resumable(item: TItemRow, direction: TArchiveDirection): TArchiveTransfer | null {
    const transfer = item.archiveTransfer;
    return transfer?.direction === direction && transfer.state === 'ERROR' && transfer.enabled ? transfer : null;
  }

  async function targetOf(actor: AuthedActor, item: TItemRow, direction: TArchiveDirection, options: TArchiveOptions) {
    const resumed = resumable(item, direction);
    if (resumed) return resumed.storageId;
    if (direction === 'unarchive') return (await storages.defaultFor(actor.tenantId, 'upload')).id;
    if (!options.storageId) return (await storages.defaultFor(actor.tenantId, 'archive')).id;
    const info = await storages.info(actor.tenantId, options.storageId);
    if (!info.types.includes('archive')) throw new AppError('ARCHIVE_STORAGE_INVALID');
    return info.id;
  }

  async function assertTransferable(actor: AuthedActor, item: TItemRow, direction: TArchiveDirection) {
    if (archiveTransferRunning(item.archiveTransfer)) throw new AppError('ARCHIVE_TRANSFER_RUNNING');
    if (resumable(item, direction)) return;
    if (direction === 'archive' && item.isArchived) throw new AppError('ITEM_ALREADY_ARCHIVED');
    if (direction === 'unarchive' && !item.isArchived) throw new AppError('ITEM_NOT_ARCHIVED');
    const versions = await repos.items.listVersions(actor.tenantId, item.id);
    if (!versions.some((v) => v.originalKey && v.storageId)) throw new AppError('ITEM_HAS_NO_MEDIA');
  }

  async function start(
    actor: AuthedActor,
    itemId: string,
    direction: TArchiveDirection,
    options: TArchiveOptions,
    meta: RequestMeta | null,
  ): Promise<TArchiveStarted> {
    assertCan(actor, direction);
    const item = await findItem(actor, itemId);
    await assertTransferable(actor, item, direction);
    const storageId = await targetOf(actor, item, direction, options);
    const resumed = resumable(item, direction);
    const pending: TArchiveTransfer = {
      ...(resumed ?? { bytesDone: 0, bytesTotal: 0, files: [] }),
      state: 'INITIATED',
      direction,
      error: null,
      enabled: false,
      storageId,
    };
    await audit.change(
      actor,
      meta,
      async (tx) => {
        // Two requests at once: the second finds the first's pending transfer and is refused.
        const latest = await tx.items.findById(actor.tenantId, item.id);
        if (archiveTransferRunning(latest?.archiveTransfer ?? null)) throw new AppError('ARCHIVE_TRANSFER_RUNNING');
        await tx.items.update(actor.tenantId, item.id, { archiveTransfer: pending });
      },
      () => ({
        action: direction === 'archive' ? 'item.archive_requested' : 'item.unarchive_requested',
        targetType: 'item',
        targetId: item.id,
        subject: item.title,
        summary: `${direction === 'archive' ? 'Archive' : 'Unarchive'} of "${item.title}" requested`,
        details: { storageId, ...(options.tier ? { tier: options.tier } : {}) },
      }),
    );
    const workflowId = archiveWorkflowId(actor.tenantId, item.id);
    const input: ArchiveInput = { tenantId: actor.tenantId, itemId: item.id, storageId, userId: actor.userId };
    try {
      await engine().start(direction === 'archive' ? 'archiveWorkflow' : 'unarchiveWorkflow', {
        workflowId,
        taskQueue: ARCHIVE_TASK_QUEUE,
        args: [input],
        tenantId: actor.tenantId,
        itemId: item.id,
        requestId: currentRequestId(),
      });
    } catch (error) {
      // The run could not start: the item must not claim a transfer that nothing carries out.
      await repos.items.update(actor.tenantId, item.id, { archiveTransfer: item.archiveTransfer });
      throw error;
    }
    return { itemId: item.id, direction, workflowId };
  }

  return {
    archive: (actor: AuthedActor, itemId: string, options: TArchiveOptions, meta: RequestMeta | null) =>
      start(actor, itemId, 'archive', options, meta),

    unarchive: (actor: AuthedActor, itemId: string, options: TArchiveOptions, meta: RequestMeta | null) =>
      start(actor, itemId, 'unarchive', options, meta),

    /** Each item on its own: one refused does not stop the others, and each says how it went. */
    async bulk(
      actor: AuthedActor,
      input: { itemIds: string[]; direction: TArchiveDirection; storageId?: string },
      meta: RequestMeta | null,
    ): Promise<{ results: TBulkArchiveResult[] }> {
      assertCan(actor, input.direction);
      const results = await forEachItem(input.itemIds, async (itemId) => {
        const started = await start(actor, itemId, input.direction, { storageId: input.storageId }, meta);
        return { workflowId: started.workflowId };
      });
      return { results };
    },
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
