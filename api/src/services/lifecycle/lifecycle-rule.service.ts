import {
  addLifecycleBatch,
  AppError,
  assertCan,
  emptyLifecycleRun,
  isAppError,
  lifecycleCutoff,
  lifecycleFolderIds,
  lifecycleSkipReason,
  type AuditAction,
  type TLifecycleRuleInput,
  type TLifecycleRunResult,
} from '@mam/core';
import type { TLifecycleCandidateRow, TLifecycleRuleRow } from '@mam/db';
import {
  LIFECYCLE_TASK_QUEUE,
  lifecycleRulesWorkflowId,
  runLifecycleRuleSignal,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type LifecycleRoundInput,
  type LifecycleRoundSummary,
  type LifecycleRulesInput,
} from '@mam/workflows';
import { loadActor, type AuthedActor } from '../actor.service';
import type { ArchiveService } from '../archive/archive.service';
import type { AuditEntry, AuditService } from '../audit.service';
import { MAX_BULK_ITEMS, type TBulkItemResult } from '../bulk/bulk-items';
import type { HighresDeletionService } from '../highres-deletion/highres-deletion.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';

/** Hourly unless LIFECYCLE_RULES_INTERVAL_MINUTES says otherwise. */
export const DEFAULT_LIFECYCLE_INTERVAL_MS = 60 * 60 * 1000;

/** A rule as administrators and the REST API see it. */
export interface TLifecycleRuleView {
  id: string;
  name: string;
  action: TLifecycleRuleRow['action'];
  folderId: string;
  includeSubfolders: boolean;
  ageDays: number;
  storageId: string | null;
  enabled: boolean;
  lastRunAt: string | null;
  lastResult: TLifecycleRunResult | null;
  createdAt: string;
  updatedAt: string;
}

function toView(row: TLifecycleRuleRow): TLifecycleRuleView {
  return {
    id: row.id,
    name: row.name,
    action: row.action,
    folderId: row.folderId,
    includeSubfolders: row.includeSubfolders,
    ageDays: row.ageDays,
    storageId: row.storageId,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Tenant lifecycle rules (issue 24): "archive the high res of items in /News older than 30 days", or schedule their
 * high-res deletion, applied by the tenant's lifecycle run (`<tenant>:lifecycle-rules`) on a durable timer. A rule
 * selects; the archive and high-res deletion services' bulk functions act, exactly as for a user's selection.
 */
export function createLifecycleRuleService(
  deps: ServiceDeps,
  audit: AuditService,
  storages: StorageService,
  archive: ArchiveService,
  highresDeletions: HighresDeletionService,
  options: { intervalMs?: number } = {},
) {
  const { repos } = deps;
  const intervalMs = options.intervalMs ?? DEFAULT_LIFECYCLE_INTERVAL_MS;

  async function findOwn(tenantId: string, id: string): Promise<TLifecycleRuleRow> {
    const row = await repos.lifecycleRules.findById(tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The folder and location are the tenant's own; the author may take the action the rule takes in their name. */
  async function checked(actor: AuthedActor, input: TLifecycleRuleInput) {
    assertCan(actor, input.action === 'archive' ? 'archive' : 'delete');
    if (!(await repos.folders.findById(actor.tenantId, input.folderId))) {
      throw new AppError('LIFECYCLE_RULE_FOLDER_NOT_FOUND');
    }
    if (input.storageId) {
      if (input.action !== 'archive') throw new AppError('LIFECYCLE_RULE_STORAGE_NOT_ARCHIVE');
      // Another tenant's location is refused like a location of the wrong kind: its existence is not told.
      const info = await storages.info(actor.tenantId, input.storageId).catch(() => null);
      if (!info || (!info.types.includes('archive') && !info.types.includes('cold'))) {
        throw new AppError('LIFECYCLE_RULE_STORAGE_NOT_ARCHIVE');
      }
    }
    return { ...input, updatedBy: actor.userId };
  }

  function engine() {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  /** The tenant's run: signalled to run a rule now, or started (with that rule first) when none runs. */
  async function ensureRun(tenantId: string, runNow: string[] = []): Promise<void> {
    const workflowId = lifecycleRulesWorkflowId(tenantId);
    for (const ruleId of runNow) {
      try {
        await engine().signal(workflowId, runLifecycleRuleSignal, ruleId);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
        return start(tenantId, runNow);
      }
    }
    const running = await engine()
      .describe(workflowId)
      .then((run) => run.status === 'RUNNING')
      .catch(() => false);
    if (!running) await start(tenantId, []);
  }

  async function start(tenantId: string, runNow: string[]): Promise<void> {
    const input: LifecycleRulesInput = { tenantId, intervalMs, runNow };
    try {
      await engine().start('lifecycleRulesWorkflow', {
        workflowId: lifecycleRulesWorkflowId(tenantId),
        taskQueue: LIFECYCLE_TASK_QUEUE,
        args: [input],
        tenantId,
      });
    } catch (error) {
      // Started at the same moment by another change, or by boot: that run reads the rules as stored.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      for (const ruleId of runNow)
        await engine().signal(lifecycleRulesWorkflowId(tenantId), runLifecycleRuleSignal, ruleId);
    }
  }

  /** The rule's author as they are now: the run acts with their permissions, never more. */
  async function authorOf(rule: TLifecycleRuleRow): Promise<AuthedActor> {
    const user = rule.updatedBy ? await repos.users.findById(rule.tenantId, rule.updatedBy) : undefined;
    if (!user || !user.active) throw new AppError('LIFECYCLE_RULE_AUTHOR_GONE');
    return loadActor(deps, user);
  }

  /** The same bulk functions a user's selection goes through, with the rule's author as actor. */
  async function act(author: AuthedActor, rule: TLifecycleRuleRow, itemIds: string[]): Promise<TBulkItemResult[]> {
    if (rule.action === 'archive') {
      const bulk = { itemIds, direction: 'archive' as const, storageId: rule.storageId ?? undefined };
      return (await archive.bulk(author, bulk, null)).results;
    }
    // Days after ingest, as the rule says: the items are older, so each deletion falls due at once.
    return (await highresDeletions.scheduleMany(author, itemIds, { afterDays: rule.ageDays }, null)).results;
  }

  /** Selects the rule's items page by page (oldest first) and applies its action to those due. */
  async function apply(rule: TLifecycleRuleRow): Promise<TLifecycleRunResult> {
    const author = await authorOf(rule);
    const folderIds = lifecycleFolderIds(
      await repos.folders.listAll(rule.tenantId),
      rule.folderId,
      rule.includeSubfolders,
    );
    const cutoff = lifecycleCutoff(deps.clock(), rule.ageDays);
    let run = emptyLifecycleRun();
    let after: TLifecycleCandidateRow | undefined;
    for (;;) {
      const page = await repos.lifecycleRules.candidates(rule.tenantId, {
        action: rule.action,
        folderIds,
        createdBefore: cutoff,
        after,
        limit: MAX_BULK_ITEMS,
      });
      const due = page.filter((candidate) => lifecycleSkipReason(rule.action, candidate, cutoff) === null);
      const results =
        due.length > 0
          ? await act(
              author,
              rule,
              due.map((candidate) => candidate.id),
            )
          : [];
      run = addLifecycleBatch(run, { matched: page.length, skipped: page.length - due.length, results });
      if (page.length < MAX_BULK_ITEMS) return run;
      after = page[page.length - 1];
    }
  }

  /** Runs one rule and records how it went; a rule that cannot run records why, and the others still run. */
  async function runRule(rule: TLifecycleRuleRow): Promise<TLifecycleRunResult> {
    let result: TLifecycleRunResult;
    try {
      result = await apply(rule);
    } catch (error) {
      if (!isAppError(error)) deps.logger.error({ err: error, ruleId: rule.id }, 'lifecycle rule failed');
      const code = isAppError(error) ? error.code : 'INTERNAL';
      const message = isAppError(error) ? error.message : 'Something went wrong. Please try again later.';
      result = { ...emptyLifecycleRun(), failed: 1, errors: [{ itemId: null, code, message }] };
    }
    await repos.lifecycleRules.recordRun(rule.tenantId, rule.id, deps.clock(), result);
    return result;
  }

  function auditOf(action: AuditAction, row: TLifecycleRuleRow, summary: string): AuditEntry {
    return {
      action,
      targetType: 'lifecycle_rule',
      targetId: row.id,
      subject: row.name,
      summary,
      details: { action: row.action, folderId: row.folderId, ageDays: row.ageDays, enabled: row.enabled },
    };
  }

  return {
    async list(actor: AuthedActor): Promise<TLifecycleRuleView[]> {
      assertCan(actor, 'tenantAdmin');
      return (await repos.lifecycleRules.list(actor.tenantId)).map(toView);
    },

    async get(actor: AuthedActor, id: string): Promise<TLifecycleRuleView> {
      assertCan(actor, 'tenantAdmin');
      return toView(await findOwn(actor.tenantId, id));
    },

    async create(
      actor: AuthedActor,
      input: TLifecycleRuleInput,
      meta: RequestMeta | null,
    ): Promise<TLifecycleRuleView> {
      assertCan(actor, 'tenantAdmin');
      const values = await checked(actor, input);
      const row = await audit.change(
        actor,
        meta,
        (tx) => tx.lifecycleRules.insert(actor.tenantId, values),
        (created) => auditOf('lifecycle_rule.created', created, `Lifecycle rule "${created.name}" created`),
      );
      await ensureRun(actor.tenantId);
      return toView(row);
    },

    async update(
      actor: AuthedActor,
      id: string,
      input: TLifecycleRuleInput,
      meta: RequestMeta | null,
    ): Promise<TLifecycleRuleView> {
      assertCan(actor, 'tenantAdmin');
      await findOwn(actor.tenantId, id);
      const values = await checked(actor, input);
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const updated = await tx.lifecycleRules.update(actor.tenantId, id, values);
          if (!updated) throw new AppError('NOT_FOUND');
          return updated;
        },
        (updated) => auditOf('lifecycle_rule.updated', updated, `Lifecycle rule "${updated.name}" changed`),
      );
      await ensureRun(actor.tenantId);
      return toView(row);
    },

    async remove(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      assertCan(actor, 'tenantAdmin');
      const row = await findOwn(actor.tenantId, id);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.lifecycleRules.delete(actor.tenantId, id))) throw new AppError('NOT_FOUND');
        },
        () => auditOf('lifecycle_rule.deleted', row, `Lifecycle rule "${row.name}" deleted`),
      );
    },

    /** "Run now": the tenant's run applies the rule at once (enabled or not); its result shows when it is done. */
    async runNow(actor: AuthedActor, id: string): Promise<{ ruleId: string; workflowId: string }> {
      assertCan(actor, 'tenantAdmin');
      const row = await findOwn(actor.tenantId, id);
      await ensureRun(actor.tenantId, [row.id]);
      return { ruleId: row.id, workflowId: lifecycleRulesWorkflowId(actor.tenantId) };
    },

    /** One round of the tenant's run (its activity): the rules named, or every enabled rule. */
    async applyRound(input: LifecycleRoundInput): Promise<LifecycleRoundSummary> {
      const rules = (await repos.lifecycleRules.list(input.tenantId)).filter((rule) =>
        input.ruleIds ? input.ruleIds.includes(rule.id) : rule.enabled,
      );
      const summary: LifecycleRoundSummary = { rules: rules.length, applied: 0, failed: 0 };
      for (const rule of rules) {
        const result = await runRule(rule);
        summary.applied += result.applied;
        summary.failed += result.failed;
      }
      return summary;
    },

    /**
     * Starts the tenant's next run once the one asking has closed. Not awaited by the activity: the run that asks
     * ends only after its activity returns. Should this process stop first, boot starts the run (`startAll`).
     */
    async continueAfter(input: LifecycleRulesInput): Promise<void> {
      const workflowId = lifecycleRulesWorkflowId(input.tenantId);
      void engine()
        .result(workflowId)
        .catch(() => undefined)
        .then(() => ensureRun(input.tenantId, input.runNow ?? []))
        .catch((error: unknown) => deps.logger.error({ err: error, workflowId }, 'lifecycle run could not continue'));
    },

    /** Makes sure the tenant's run is there: its rounds also abort the archive uploads nobody can resume. */
    async keepRunning(tenantId: string): Promise<void> {
      await ensureRun(tenantId);
    },

    /**
     * At boot: every tenant with rules or with archive uploads left to clean up has its run (one that survived the
     * restart is left as it is).
     */
    async startAll(): Promise<number> {
      const [withRules, withUploads] = await Promise.all([
        repos.lifecycleRules.tenantsWithRules(),
        repos.archiveUploads.tenantsWithUploads(),
      ]);
      const tenantIds = [...new Set([...withRules, ...withUploads])];
      for (const tenantId of tenantIds) await ensureRun(tenantId);
      return tenantIds.length;
    },
  };
}

export type LifecycleRuleService = ReturnType<typeof createLifecycleRuleService>;
