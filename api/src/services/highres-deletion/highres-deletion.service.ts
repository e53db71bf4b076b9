import {
  AppError,
  assertCan,
  assertCanScheduleHighresDeletion,
  assertCanUnscheduleHighresDeletion,
  canUpdate,
  canView,
  highresDeletionTime,
  type THighresDeletionStatus,
  type THighresDeletionWhen,
  type THighresState,
} from '@mam/core';
import type { Repositories, THighresDeletionRow, TItemRow } from '@mam/db';
import {
  HIGHRES_DELETION_TASK_QUEUE,
  highresDeletionChangedSignal,
  highresDeletionWorkflowId,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { forEachItem, type TBulkItemResult } from '../bulk/bulk-items';

/** An item's high-res deletion schedule as the console and the API see it. */
export interface THighresDeletionView {
  itemId: string;
  at: string;
  state: THighresDeletionStatus;
  requestedBy: string | null;
  updatedAt: string;
}

function toView(row: THighresDeletionRow): THighresDeletionView {
  return {
    itemId: row.itemId,
    at: row.at.toISOString(),
    state: row.state,
    requestedBy: row.requestedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Scheduling and unscheduling the deletion of an item's high resolution (spec section 4). The row is the schedule;
 * the item's highres-deletion run (`<tenant>:item:<item>:highres-deletion`) waits for it on a durable timer and is
 * signalled to plan again after every change.
 */
export function createHighresDeletionService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  async function viewableItem(actor: AuthedActor, itemId: string): Promise<TItemRow> {
    const item = await repos.items.findById(actor.tenantId, itemId);
    if (!item || item.deletedAt || !canView(actor, item)) throw new AppError('NOT_FOUND');
    return item;
  }

  /** Deleting the high res is deleting part of the item: the delete permission on an item the actor may change. */
  async function changeableItem(actor: AuthedActor, itemId: string): Promise<TItemRow> {
    const item = await viewableItem(actor, itemId);
    assertCan(actor, 'delete');
    if (!canUpdate(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN');
    return item;
  }

  async function stateOf(tenantId: string, itemId: string, from: Repositories = repos): Promise<THighresState> {
    const versions = await from.items.listVersions(tenantId, itemId);
    const row = await from.highresDeletions.find(tenantId, itemId);
    return {
      hasMedia: versions.some((version) => version.upload.state === 'COMPLETE'),
      hasHighres: versions.some((version) => version.upload.state === 'COMPLETE' && !!version.originalKey),
      deletion: row?.state ?? null,
    };
  }

  /** Tells the item's run that the schedule changed, or starts one; a failure is logged, the schedule stands. */
  async function follow(tenantId: string, itemId: string, wantsRun: boolean): Promise<void> {
    const engine = deps.workflows;
    if (!engine) return;
    const workflowId = highresDeletionWorkflowId(tenantId, itemId);
    try {
      try {
        await engine.signal(workflowId, highresDeletionChangedSignal);
        return;
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
      if (!wantsRun) return;
      await engine.start('highresDeletionWorkflow', {
        workflowId,
        taskQueue: HIGHRES_DELETION_TASK_QUEUE,
        args: [{ tenantId, itemId }],
        tenantId,
        itemId,
      });
    } catch (error) {
      // Started by a change at the same moment: that run reads the schedule as stored, this change included.
      if (error instanceof WorkflowExecutionAlreadyStartedError) return;
      deps.logger.error({ err: error, itemId }, 'high-res deletion could not be followed up');
    }
  }

  async function schedule(
    actor: AuthedActor,
    itemId: string,
    when: THighresDeletionWhen,
    meta: RequestMeta | null,
  ): Promise<THighresDeletionView> {
    const item = await changeableItem(actor, itemId);
    assertCanScheduleHighresDeletion(await stateOf(actor.tenantId, itemId));
    const at = highresDeletionTime(when, item.createdAt, deps.clock());
    const row = await audit.change(
      actor,
      meta,
      async (tx) => {
        const scheduled = await tx.highresDeletions.schedule(actor.tenantId, itemId, at, actor.userId);
        // The deletion began between the check and this write.
        if (!scheduled) throw new AppError('HIGHRES_DELETION_IN_PROGRESS');
        return scheduled;
      },
      () => ({
        action: 'item.highres_deletion_scheduled',
        targetType: 'item',
        targetId: itemId,
        subject: item.title,
        summary: `High-res deletion of "${item.title}" scheduled for ${at.toISOString()}`,
        details: { at: at.toISOString() },
      }),
    );
    await follow(actor.tenantId, itemId, true);
    return toView(row);
  }

  async function unschedule(actor: AuthedActor, itemId: string, meta: RequestMeta | null): Promise<void> {
    const item = await changeableItem(actor, itemId);
    assertCanUnscheduleHighresDeletion(await stateOf(actor.tenantId, itemId));
    await audit.change(
      actor,
      meta,
      async (tx) => {
        if (await tx.highresDeletions.transition(actor.tenantId, itemId, ['scheduled'], 'cancelled')) return;
        // Lost the race to the deletion run or another unschedule: answer with what happened instead.
        assertCanUnscheduleHighresDeletion(await stateOf(actor.tenantId, itemId, tx));
        throw new AppError('HIGHRES_UNSCHEDULE_FAILED');
      },
      () => ({
        action: 'item.highres_deletion_unscheduled',
        targetType: 'item',
        targetId: itemId,
        subject: item.title,
        summary: `High-res deletion of "${item.title}" unscheduled`,
      }),
    );
    await follow(actor.tenantId, itemId, false);
  }

  return {
    /** The item's schedule; null when none was ever made. */
    async get(actor: AuthedActor, itemId: string): Promise<THighresDeletionView | null> {
      await viewableItem(actor, itemId);
      const row = await repos.highresDeletions.find(actor.tenantId, itemId);
      return row ? toView(row) : null;
    },

    schedule,
    unschedule,

    /**
     * Each item as `schedule` does it, on its own: one refused does not stop the others. `at` is the same for every
     * item; `afterDays` counts from each item's own ingest.
     */
    async scheduleMany(
      actor: AuthedActor,
      itemIds: readonly string[],
      when: THighresDeletionWhen,
      meta: RequestMeta | null,
    ): Promise<{ results: TBulkItemResult<{ at: string }>[] }> {
      assertCan(actor, 'delete');
      // A date that has passed would refuse every item: the request is refused as a whole instead.
      if ('at' in when) highresDeletionTime(when, deps.clock(), deps.clock());
      const results = await forEachItem(itemIds, async (itemId) => {
        const view = await schedule(actor, itemId, when, meta);
        return { at: view.at };
      });
      return { results };
    },

    /** Each item as `unschedule` does it, on its own. */
    async unscheduleMany(
      actor: AuthedActor,
      itemIds: readonly string[],
      meta: RequestMeta | null,
    ): Promise<{ results: TBulkItemResult[] }> {
      assertCan(actor, 'delete');
      const results = await forEachItem(itemIds, async (itemId) => {
        await unschedule(actor, itemId, meta);
        return {};
      });
      return { results };
    },
  };
}

export type HighresDeletionService = ReturnType<typeof createHighresDeletionService>;
