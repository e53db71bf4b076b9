import {
  AppError,
  archiveTransferRunning,
  assertCan,
  canView,
  type TArchiveDirection,
  type TArchiveTransfer,
  type TRestoreTier,
  upgradedColdRestore,
} from '@mam/core';
import type { TItemRow } from '@mam/db';
import {
  ARCHIVE_TASK_QUEUE,
  archiveWorkflowId,
  upgradeRestoreTierSignal,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type ArchiveInput,
  type RestoreInput,
  type WorkflowEngine,
} from '@mam/workflows';
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

/** A restore from cold storage as its requester sees it: pending until `readyAt`, then copying back online. */
export interface TRestoreStarted extends TArchiveStarted {
  state: TArchiveTransfer['state'];
  tier: TRestoreTier;
  /** When the media is expected to be readable in the cold location (ISO time); null when it cannot be said. */
  readyAt: string | null;
  /** A restore of the item was already under way: this request joined it (its tier stands). */
  joined: boolean;
}

export type TBulkArchiveResult = TBulkItemResult<{ workflowId: string }>;
export type TBulkRestoreResult = TBulkItemResult<TRestoreStarted>;

/** Where an item's high resolution may be archived to: the tenant's archive and cold storage locations. */
export interface TArchiveLocation {
  id: string;
  name: string;
  kind: 'local' | 's3';
  /** Reading it back takes a restore (express or standard). */
  cold: boolean;
  /** Where Archive sends media when no location is chosen. */
  isDefault: boolean;
}

/** At most this many items in one bulk request; a larger selection is sent in parts. */
export const MAX_BULK_ARCHIVE_ITEMS = MAX_BULK_ITEMS;

// How long a new transfer waits for the item's previous run to close after it recorded its transfer as ended.
const PREVIOUS_RUN_CLOSE_MS = 5000;

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
    // A cold location takes media like an archive location; only reading it back differs (restore).
    if (!info.types.includes('archive') && !info.types.includes('cold')) throw new AppError('ARCHIVE_STORAGE_INVALID');
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

  async function isCold(actor: AuthedActor, storageId: string): Promise<boolean> {
    return (await storages.info(actor.tenantId, storageId)).types.includes('cold');
  }

  /** The cold location the item's originals are in, with its restore estimates; null when they are not cold. */
  async function coldSourceOf(actor: AuthedActor, item: TItemRow) {
    const versions = await repos.items.listVersions(actor.tenantId, item.id);
    const storageIds = [...new Set(versions.filter((v) => v.originalKey && v.storageId).map((v) => v.storageId!))];
    for (const storageId of storageIds) {
      const info = await storages.info(actor.tenantId, storageId).catch(() => null);
      if (info?.restoreEstimateMs) return { id: storageId, estimateMs: info.restoreEstimateMs };
    }
    return null;
  }

  /** The restore under way for the item, as a second request that joins it sees it; null when there is none. */
  function runningRestore(actor: AuthedActor, item: TItemRow | undefined): TRestoreStarted | null {
    const transfer = item?.archiveTransfer;
    if (!item || !transfer?.restore || !archiveTransferRunning(transfer)) return null;
    return {
      itemId: item.id,
      direction: 'unarchive',
      workflowId: archiveWorkflowId(actor.tenantId, item.id),
      state: transfer.state,
      tier: transfer.restore.tier,
      readyAt: transfer.restore.readyAt,
      joined: true,
    };
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
    // Media in a cold location cannot be copied back before it is restored: an unarchive of it is a restore.
    if (direction === 'unarchive' && item.isArchived && !resumable(item, direction)) {
      if (await coldSourceOf(actor, item)) {
        const restored = await restore(actor, itemId, { tier: options.tier ?? 'standard' }, meta);
        return { itemId: restored.itemId, direction: restored.direction, workflowId: restored.workflowId };
      }
    }
    return begin(actor, item, direction, options, meta, null);
  }

  /**
   * Asks for the item's media back from its cold location. A restore already under way is joined, not refused,
   * whoever asked first; its state and expected time are answered either way.
   */
  async function restore(
    actor: AuthedActor,
    itemId: string,
    options: { tier: TRestoreTier },
    meta: RequestMeta | null,
  ): Promise<TRestoreStarted> {
    assertCan(actor, 'unarchive');
    const item = await findItem(actor, itemId);
    const running = runningRestore(actor, item);
    if (running) return joinRestore(actor, item, running, options.tier, meta);
    const cold = await coldSourceOf(actor, item);
    if (!cold && !resumable(item, 'unarchive')?.restore) {
      if (!item.isArchived) throw new AppError('ITEM_NOT_ARCHIVED');
      throw new AppError('ITEM_NOT_IN_COLD_STORAGE');
    }
    // The wall clock, as the cold location and the workflow's timers keep it (not a test's moved service clock).
    const requestedAt = new Date();
    const estimateMs = cold ? cold.estimateMs[options.tier] : null;
    const pending = {
      tier: options.tier,
      requestedAt: requestedAt.toISOString(),
      readyAt: estimateMs === null ? null : new Date(requestedAt.getTime() + estimateMs).toISOString(),
      ready: false,
    };
    try {
      const started = await begin(actor, item, 'unarchive', options, meta, pending);
      return { ...started, state: 'INITIATED', tier: options.tier, readyAt: pending.readyAt, joined: false };
    } catch (error) {
      // Two first requests at once: the one that lost the race joins the winner's run.
      const raced = error instanceof AppError && error.code === 'ARCHIVE_TRANSFER_RUNNING';
      const winner = raced ? await repos.items.findById(actor.tenantId, item.id) : undefined;
      const joined = runningRestore(actor, winner);
      if (winner && joined) return joinRestore(actor, winner, joined, options.tier, meta);
      throw error;
    }
  }

  /**
   * Joins the restore under way; asked for with the faster tier while it waits, the restore is asked for again at
   * that tier (its workflow re-requests it) and the answer says when the media is expected now.
   */
  async function joinRestore(
    actor: AuthedActor,
    item: TItemRow,
    running: TRestoreStarted,
    tier: TRestoreTier,
    meta: RequestMeta | null,
  ): Promise<TRestoreStarted> {
    const current = item.archiveTransfer?.restore;
    const cold = current ? await coldSourceOf(actor, item) : null;
    // A location with no faster tier (S3 Deep Archive) keeps the restore as it is.
    if (cold && cold.estimateMs.express >= cold.estimateMs.standard) return running;
    const upgraded = current && cold ? upgradedColdRestore(current, tier, new Date(), cold.estimateMs.express) : null;
    if (!upgraded) return running;
    try {
      await engine().signal(running.workflowId, upgradeRestoreTierSignal, tier);
    } catch (error) {
      // Over meanwhile: there is nothing left to speed up.
      if (error instanceof WorkflowNotFoundError) return running;
      throw error;
    }
    await audit.record(actor.tenantId, actor, meta, {
      action: 'item.restore_requested',
      targetType: 'item',
      targetId: item.id,
      subject: item.title,
      summary: `Restore of "${item.title}" from cold storage requested`,
      details: { storageId: cold!.id, tier, upgradedFrom: current!.tier },
    });
    return { ...running, tier: upgraded.tier, readyAt: upgraded.readyAt };
  }

  async function begin(
    actor: AuthedActor,
    item: TItemRow,
    direction: TArchiveDirection,
    options: TArchiveOptions,
    meta: RequestMeta | null,
    restoring: TArchiveTransfer['restore'] | null,
  ): Promise<TArchiveStarted> {
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
      restore: restoring,
      coldStorage: restoring ? true : direction === 'archive' && (await isCold(actor, storageId)),
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
        action: restoring
          ? 'item.restore_requested'
          : direction === 'archive'
            ? 'item.archive_requested'
            : 'item.unarchive_requested',
        targetType: 'item',
        targetId: item.id,
        subject: item.title,
        summary: restoring
          ? `Restore of "${item.title}" from cold storage requested`
          : `${direction === 'archive' ? 'Archive' : 'Unarchive'} of "${item.title}" requested`,
        details: { storageId, ...(options.tier ? { tier: options.tier } : {}) },
      }),
    );
    const workflowId = archiveWorkflowId(actor.tenantId, item.id);
    const input: ArchiveInput = { tenantId: actor.tenantId, itemId: item.id, storageId, userId: actor.userId };
    const args: [ArchiveInput | RestoreInput] = [restoring ? { ...input, tier: restoring.tier } : input];
    const type = restoring ? 'restoreWorkflow' : direction === 'archive' ? 'archiveWorkflow' : 'unarchiveWorkflow';
    const startOptions = {
      workflowId,
      taskQueue: ARCHIVE_TASK_QUEUE,
      args,
      tenantId: actor.tenantId,
      itemId: item.id,
      requestId: currentRequestId(),
    };
    try {
      await engine()
        .start(type, startOptions)
        .catch(async (error: unknown) => {
          // The item's last transfer is recorded as ended a moment before its run closes: wait for that, once.
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
          await Promise.race([
            engine()
              .result(workflowId)
              .catch(() => undefined),
            new Promise((resolve) => setTimeout(resolve, PREVIOUS_RUN_CLOSE_MS)),
          ]);
          return engine().start(type, startOptions);
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

    restore,

    /** The archive targets the user may choose from, the default first. */
    async locations(actor: AuthedActor): Promise<TArchiveLocation[]> {
      assertCan(actor, 'archive');
      const defaultId = (await repos.storageLocations.findDefault(actor.tenantId, 'archive'))?.id;
      return (await repos.storageLocations.list(actor.tenantId))
        .filter((row) => row.types.includes('archive') || row.types.includes('cold'))
        .map((row) => ({
          id: row.id,
          name: row.name,
          kind: row.kind,
          cold: !row.types.includes('archive'),
          isDefault: row.id === defaultId,
        }))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
    },

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

    /** `restore` for each item on its own: one refused (not cold, not archived) does not stop the others. */
    async bulkRestore(
      actor: AuthedActor,
      input: { itemIds: string[]; tier: TRestoreTier },
      meta: RequestMeta | null,
    ): Promise<{ results: TBulkRestoreResult[] }> {
      assertCan(actor, 'unarchive');
      const results = await forEachItem(input.itemIds, (itemId) => restore(actor, itemId, { tier: input.tier }, meta));
      return { results };
    },
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
