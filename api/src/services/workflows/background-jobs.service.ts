import { AppError, assertCan } from '@mam/core';
import {
  productWorkflowTypes,
  summariseActivities,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type TActivitySummary,
  type TranscodeInput,
  type TTemporalHistoryJson,
  type TWorkflowFailureSummary,
  type TWorkflowHistory,
  type TWorkflowHistoryEvent,
  type TWorkflowStatus,
  type TWorkflowSummary,
  type WorkflowEngine,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { ProcessingService } from '../items/processing.service';
import { currentRequestId } from '../request-context';
import type { RequestMeta, ServiceDeps } from '../service-deps';

export const RETRYABLE_STATUSES: ReadonlySet<TWorkflowStatus> = new Set(['FAILED', 'CANCELLED', 'TERMINATED']);

export interface TJobView {
  workflowId: string;
  runId: string;
  type: string;
  status: TWorkflowStatus;
  tenant: { id: string; slug: string; name: string } | null;
  itemId: string | null;
  startedAt: string;
  closedAt: string | null;
  /** Only for runs on Temporal when TEMPORAL_UI_URL is set. */
  temporalUiUrl: string | null;
}

export interface TJobEventView extends Omit<TWorkflowHistoryEvent, 'at'> {
  at: string;
}

export interface TJobActivityView extends Omit<TActivitySummary, 'scheduledAt' | 'closedAt'> {
  scheduledAt: string;
  closedAt: string | null;
}

export interface TJobDetail extends TJobView {
  taskQueue: string;
  failure: TWorkflowFailureSummary | null;
  activities: TJobActivityView[];
  events: TJobEventView[];
}

export interface TJobListQuery {
  types?: string[];
  statuses?: TWorkflowStatus[];
  /** Super administrator only: one tenant's runs. Others see their own tenant's whatever they ask. */
  tenantId?: string;
  startedFrom?: string;
  startedTo?: string;
  cursor?: string;
  limit: number;
}

/** What retry does for a workflow type beyond starting it again (the product's own reprocessing). */
type TRetry = (run: TWorkflowHistory, actor: AuthedActor) => Promise<void>;

/**
 * Background Jobs: operators watch and steer workflow runs. The super administrator sees every tenant's runs and
 * the system's; a tenant administrator (or a holder of backgroundJobs) only their tenant's, and another tenant's
 * run is not found rather than forbidden.
 */
export function createBackgroundJobsService(deps: ServiceDeps, processing: ProcessingService, audit: AuditService) {
  function engine(): WorkflowEngine {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  /** Tenant names for a page of runs: each tenant read once per page, so a renamed tenant shows its new name. */
  type TTenants = Map<string, Promise<TJobView['tenant']>>;
  function tenantOf(tenants: TTenants, tenantId: string | null): Promise<TJobView['tenant']> {
    if (!tenantId) return Promise.resolve(null);
    let tenant = tenants.get(tenantId);
    if (!tenant) {
      tenant = deps.repos.tenants.findById(tenantId).then((row) =>
        // A deleted tenant's runs went with it; a name is never worth a failed page.
        row ? { id: row.id, slug: row.slug, name: row.name } : { id: tenantId, slug: tenantId, name: tenantId },
      );
      tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  function temporalUiUrl(run: Pick<TWorkflowSummary, 'workflowId' | 'runId'>): string | null {
    const ui = deps.config.temporalUi;
    if (!ui || engine().kind !== 'temporal') return null;
    const base = ui.url.replace(/\/+$/, '');
    return `${base}/namespaces/${encodeURIComponent(ui.namespace)}/workflows/${encodeURIComponent(run.workflowId)}/${encodeURIComponent(run.runId)}/history`;
  }

  async function view(run: TWorkflowSummary, tenants: TTenants = new Map()): Promise<TJobView> {
    return {
      workflowId: run.workflowId,
      runId: run.runId,
      type: run.type,
      status: run.status,
      tenant: await tenantOf(tenants, run.tenantId),
      itemId: run.itemId,
      startedAt: run.startedAt.toISOString(),
      closedAt: run.closedAt?.toISOString() ?? null,
      temporalUiUrl: temporalUiUrl(run),
    };
  }

  /** The run, if the actor may see it; NOT_FOUND otherwise (another tenant's runs do not exist for them). */
  async function load(actor: AuthedActor, workflowId: string): Promise<TWorkflowHistory> {
    assertCan(actor, 'backgroundJobs');
    let run: TWorkflowHistory;
    try {
      run = await engine().history(workflowId);
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new AppError('NOT_FOUND');
      throw error;
    }
    if (!actor.isSuperAdmin && run.tenantId !== actor.tenantId) throw new AppError('NOT_FOUND');
    return run;
  }

  /** The run's own tenant keeps the record, so its administrators see who steered it. */
  async function record(
    actor: AuthedActor,
    meta: RequestMeta | null,
    run: TWorkflowHistory,
    action: 'cancelled' | 'terminated' | 'retried',
  ) {
    await audit.record(run.tenantId ?? actor.tenantId, actor, meta, {
      action: `workflow.${action}`,
      targetType: 'workflow',
      targetId: run.workflowId,
      subject: run.workflowId,
      summary: `Background job ${run.workflowId} ${action}`,
      details: { type: run.type, runId: run.runId },
    });
  }

  const transcodeInput = (run: TWorkflowHistory) => run.input[0] as TranscodeInput | undefined;

  const retries: Record<string, TRetry> = {
    // As reprocess does: the version's state and operation are reset before the run starts again.
    transcodeWorkflow: async (run, actor) => {
      const input = transcodeInput(run);
      if (!input || !run.tenantId) throw new AppError('WORKFLOW_NOT_RETRYABLE');
      await processing.startTranscode(run.tenantId, input.versionId, actor.userId);
    },
  };

  async function startAgain(run: TWorkflowHistory): Promise<void> {
    await engine().start(run.type, {
      workflowId: run.workflowId,
      taskQueue: run.taskQueue,
      args: run.input,
      tenantId: run.tenantId,
      itemId: run.itemId ?? undefined,
      requestId: currentRequestId(),
    });
  }

  /** Cancel and terminate leave a transcode's bookkeeping to whoever stopped it. */
  async function afterStopped(run: TWorkflowHistory): Promise<void> {
    const input = run.type === 'transcodeWorkflow' ? transcodeInput(run) : undefined;
    if (input && run.tenantId) await processing.transcodeStopped(run.tenantId, input.operationId, input.versionId);
  }

  async function stop(
    actor: AuthedActor,
    workflowId: string,
    meta: RequestMeta | null,
    how: 'cancelled' | 'terminated',
  ): Promise<void> {
    const run = await load(actor, workflowId);
    if (run.status !== 'RUNNING') throw new AppError('WORKFLOW_NOT_RUNNING');
    try {
      if (how === 'cancelled') await engine().cancel(workflowId);
      else await engine().terminate(workflowId, `Terminated by ${actor.email} in Background Jobs`);
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new AppError('WORKFLOW_NOT_RUNNING');
      throw error;
    }
    await afterStopped(run);
    await record(actor, meta, run, how);
  }

  return {
    async list(actor: AuthedActor, query: TJobListQuery): Promise<{ jobs: TJobView[]; nextCursor: string | null }> {
      assertCan(actor, 'backgroundJobs');
      if (!actor.isSuperAdmin && query.tenantId && query.tenantId !== actor.tenantId) {
        return { jobs: [], nextCursor: null };
      }
      const page = await engine().listPage({
        tenant: actor.isSuperAdmin ? (query.tenantId ? { id: query.tenantId } : 'any') : { id: actor.tenantId },
        types: query.types,
        statuses: query.statuses,
        startedFrom: query.startedFrom ? new Date(query.startedFrom) : undefined,
        startedTo: query.startedTo ? new Date(query.startedTo) : undefined,
        cursor: query.cursor,
        limit: query.limit,
      });
      const tenants: TTenants = new Map();
      const jobs = await Promise.all(page.workflows.map((run) => view(run, tenants)));
      return { jobs, nextCursor: page.nextCursor };
    },

    /** The run with its history: a timeline of events and its activities with their attempts. */
    async get(actor: AuthedActor, workflowId: string): Promise<TJobDetail> {
      const run = await load(actor, workflowId);
      const description = await engine().describe(workflowId);
      const closing = run.events.findLast((event) => event.kind.startsWith('Workflow') && event.failure);
      return {
        ...(await view(run)),
        taskQueue: run.taskQueue,
        failure: description.failure ?? closing?.failure ?? null,
        activities: summariseActivities(run.events, description.pendingActivities).map((activity) => ({
          ...activity,
          scheduledAt: activity.scheduledAt.toISOString(),
          closedAt: activity.closedAt?.toISOString() ?? null,
        })),
        events: run.events.map((event) => ({ ...event, at: event.at.toISOString() })),
      };
    },

    /** A new run of the same business id with the same input; only a failed, cancelled or terminated one. */
    async retry(actor: AuthedActor, workflowId: string, meta: RequestMeta | null): Promise<{ runId: string }> {
      const run = await load(actor, workflowId);
      if (!RETRYABLE_STATUSES.has(run.status)) throw new AppError('WORKFLOW_NOT_RETRYABLE');
      try {
        await (retries[run.type] ?? startAgain)(run, actor);
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) throw new AppError('WORKFLOW_NOT_RETRYABLE');
        throw error;
      }
      const started = await engine().describe(workflowId);
      // A retry hook that found nothing to do (the version is gone) left the old run in place.
      if (started.runId === run.runId) throw new AppError('WORKFLOW_NOT_RETRYABLE');
      await record(actor, meta, run, 'retried');
      return { runId: started.runId };
    },

    cancel: (actor: AuthedActor, workflowId: string, meta: RequestMeta | null) =>
      stop(actor, workflowId, meta, 'cancelled'),

    terminate: (actor: AuthedActor, workflowId: string, meta: RequestMeta | null) =>
      stop(actor, workflowId, meta, 'terminated'),

    /** The run's history as Temporal's CLI and web UI export it, to replay or inspect with Temporal's tools. */
    async exportHistory(actor: AuthedActor, workflowId: string): Promise<TTemporalHistoryJson> {
      await load(actor, workflowId);
      return engine().exportHistory(workflowId);
    },

    /** The workflow types this installation runs, for the type filter. */
    types(actor: AuthedActor): readonly string[] {
      assertCan(actor, 'backgroundJobs');
      return productWorkflowTypes;
    },
  };
}

export type BackgroundJobsService = ReturnType<typeof createBackgroundJobsService>;
