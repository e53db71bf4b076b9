import { z } from 'zod';
import {
  workflowStatuses,
  ZBackgroundJobFilters,
  ZWorkflowId,
} from '../../trpc/procedures/background-jobs/background-job.schemas';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZWorkflowParams = z.object({ id: ZWorkflowId });

/** `?status=FAILED,CANCELLED` or `?status=FAILED&status=CANCELLED`. */
const commaList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')),
    z.array(item).optional(),
  );

const ZFailureSummary = z
  .object({
    message: z.string(),
    type: z.string().optional(),
    rootMessage: z.string().describe("The deepest cause's message: the activity's own error"),
  })
  .meta({ id: 'WorkflowFailure' });

export const ZWorkflowRun = z
  .object({
    workflowId: z.string().describe('Business id, e.g. demo:item-…:v1:transcode'),
    runId: z.string(),
    type: z.string(),
    status: z.enum(workflowStatuses),
    tenant: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
    itemId: z.string().nullable(),
    startedAt: z.string(),
    closedAt: z.string().nullable(),
    temporalUiUrl: z.string().nullable().describe('The run in the Temporal web UI (Temporal and TEMPORAL_UI_URL)'),
  })
  .meta({ id: 'WorkflowRun' });

const ZWorkflowEvent = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    at: z.string(),
    ref: z.number().int().optional().describe('The activity or timer the event belongs to'),
    activityType: z.string().optional(),
    attempt: z.number().int().optional(),
    timerMs: z.number().optional(),
    signalName: z.string().optional(),
    failure: ZFailureSummary.optional(),
    rawType: z.string().optional(),
  })
  .meta({ id: 'WorkflowEvent' });

const ZWorkflowActivity = z
  .object({
    ref: z.number().int(),
    activityType: z.string(),
    state: z.enum(['SCHEDULED', 'STARTED', 'COMPLETED', 'FAILED', 'TIMED_OUT', 'CANCEL_REQUESTED', 'CANCELLED']),
    attempts: z.number().int(),
    scheduledAt: z.string(),
    closedAt: z.string().nullable(),
    failure: ZFailureSummary.optional(),
    lastFailure: z.string().optional(),
  })
  .meta({ id: 'WorkflowActivity' });

export const ZWorkflowRunDetail = ZWorkflowRun.extend({
  taskQueue: z.string(),
  failure: ZFailureSummary.nullable(),
  activities: z.array(ZWorkflowActivity),
  events: z.array(ZWorkflowEvent),
}).meta({ id: 'WorkflowRunDetail' });

export const listWorkflowsRoute = defineRoute({
  method: 'GET',
  path: '/workflows',
  operationId: 'listWorkflows',
  summary: "Background jobs (workflow runs), newest first: the tenant's, or every tenant's for the super administrator",
  tags: ['Background jobs'],
  query: ZBackgroundJobFilters.extend({
    type: commaList(z.string().min(1).max(200)),
    status: commaList(z.enum(workflowStatuses)),
    cursor: z.string().max(4096).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }).omit({ types: true, statuses: true }),
  response: z.object({ workflows: z.array(ZWorkflowRun), nextCursor: z.string().nullable() }),
  handler: async ({ query }, { services, principal }) => {
    const { type, status, ...rest } = query as {
      type?: string[];
      status?: Array<(typeof workflowStatuses)[number]>;
      tenantId?: string;
      startedFrom?: string;
      startedTo?: string;
      cursor?: string;
      limit: number;
    };
    const page = await services.backgroundJobs.list(principal.actor, { ...rest, types: type, statuses: status });
    return { workflows: page.jobs, nextCursor: page.nextCursor };
  },
});

export const getWorkflowRoute = defineRoute({
  method: 'GET',
  path: '/workflows/:id',
  operationId: 'getWorkflow',
  summary: 'A background job with its history: events, activities with their attempts, errors, timers, signals',
  tags: ['Background jobs'],
  params: ZWorkflowParams,
  response: ZWorkflowRunDetail,
  handler: ({ params }, { services, principal }) => services.backgroundJobs.get(principal.actor, params.id),
});

export const retryWorkflowRoute = defineRoute({
  method: 'POST',
  path: '/workflows/:id/retry',
  operationId: 'retryWorkflow',
  summary: 'Run a failed, cancelled or terminated background job again: same business id, same input',
  tags: ['Background jobs'],
  params: ZWorkflowParams,
  response: z.object({ runId: z.string() }),
  successStatus: 202,
  handler: ({ params }, { services, principal, request }) =>
    services.backgroundJobs.retry(principal.actor, params.id, restMeta(request)),
});

export const cancelWorkflowRoute = defineRoute({
  method: 'POST',
  path: '/workflows/:id/cancel',
  operationId: 'cancelWorkflow',
  summary: 'Ask a running background job to stop; its code may clean up',
  tags: ['Background jobs'],
  params: ZWorkflowParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.backgroundJobs.cancel(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const terminateWorkflowRoute = defineRoute({
  method: 'POST',
  path: '/workflows/:id/terminate',
  operationId: 'terminateWorkflow',
  summary: 'End a running background job at once; its code gets no say',
  tags: ['Background jobs'],
  params: ZWorkflowParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.backgroundJobs.terminate(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const workflowHistoryJsonRoute = defineRoute({
  method: 'GET',
  path: '/workflows/:id/history.json',
  operationId: 'downloadWorkflowHistory',
  summary:
    "A background job's history as the JSON Temporal's CLI and web UI export: replay it with Temporal's SDK or import it in the web UI",
  tags: ['Background jobs'],
  params: ZWorkflowParams,
  response: z.object({ events: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'TemporalHistory' }),
  consoleLink: true,
  handler: async ({ params }, { services, principal, reply }) => {
    const history = await services.backgroundJobs.exportHistory(principal.actor, params.id);
    const fileName = `${params.id.replace(/[^\w.-]+/g, '_')}.history.json`;
    void reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return history;
  },
});

export const workflowRoutes = [
  listWorkflowsRoute,
  getWorkflowRoute,
  retryWorkflowRoute,
  cancelWorkflowRoute,
  terminateWorkflowRoute,
  workflowHistoryJsonRoute,
] as unknown as RestRoute[];
