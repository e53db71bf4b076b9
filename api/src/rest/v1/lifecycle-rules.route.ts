import { lifecycleRuleActions, ZLifecycleRuleInput } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZRuleParams = z.object({ id: z.uuid() });

const ZLifecycleRuleBody = ZLifecycleRuleInput.meta({ id: 'LifecycleRuleInput' });

const ZLifecycleRunResult = z
  .object({
    matched: z.number().int().describe('Items in the folder old enough, before the finer checks'),
    applied: z.number().int().describe('Items whose archive was started or whose deletion was scheduled'),
    skipped: z.number().int().describe('Items left alone: still uploading or recording, transferring, no high res'),
    failed: z.number().int(),
    errors: z.array(z.object({ itemId: z.uuid().nullable(), code: z.string(), message: z.string() })),
  })
  .meta({ id: 'LifecycleRunResult' });

const ZLifecycleRuleView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    action: z.enum(lifecycleRuleActions),
    folderId: z.uuid(),
    includeSubfolders: z.boolean(),
    ageDays: z.number().int(),
    storageId: z.uuid().nullable(),
    enabled: z.boolean(),
    lastRunAt: z.string().nullable(),
    lastResult: ZLifecycleRunResult.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LifecycleRule' });

const tags = ['Lifecycle rules'];

export const listLifecycleRulesRoute = defineRoute({
  method: 'GET',
  path: '/lifecycle-rules',
  operationId: 'listLifecycleRules',
  summary: 'The tenant’s lifecycle rules with each one’s last run (tenant administrators)',
  tags,
  response: z.object({ rules: z.array(ZLifecycleRuleView) }),
  handler: async (_input, { services, principal }) => ({
    rules: await services.lifecycleRules.list(principal.actor),
  }),
});

export const getLifecycleRuleRoute = defineRoute({
  method: 'GET',
  path: '/lifecycle-rules/:id',
  operationId: 'getLifecycleRule',
  summary: 'One lifecycle rule and its last run',
  tags,
  params: ZRuleParams,
  response: ZLifecycleRuleView,
  handler: async ({ params }, { services, principal }) => services.lifecycleRules.get(principal.actor, params.id),
});

export const createLifecycleRuleRoute = defineRoute({
  method: 'POST',
  path: '/lifecycle-rules',
  operationId: 'createLifecycleRule',
  summary:
    'Add a rule that archives, or schedules the high-res deletion of, a folder’s items older than a number of days after ingest; it runs with the caller’s permissions',
  tags,
  body: ZLifecycleRuleBody,
  response: ZLifecycleRuleView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.lifecycleRules.create(principal.actor, body, restMeta(request)),
});

export const updateLifecycleRuleRoute = defineRoute({
  method: 'PUT',
  path: '/lifecycle-rules/:id',
  operationId: 'updateLifecycleRule',
  summary: 'Change a lifecycle rule; from then on it runs with the caller’s permissions',
  tags,
  params: ZRuleParams,
  body: ZLifecycleRuleBody,
  response: ZLifecycleRuleView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.lifecycleRules.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteLifecycleRuleRoute = defineRoute({
  method: 'DELETE',
  path: '/lifecycle-rules/:id',
  operationId: 'deleteLifecycleRule',
  summary: 'Remove a lifecycle rule; archives and deletions it started go on',
  tags,
  params: ZRuleParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.lifecycleRules.remove(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const runLifecycleRuleRoute = defineRoute({
  method: 'POST',
  path: '/lifecycle-rules/:id/run',
  operationId: 'runLifecycleRule',
  summary: 'Run a lifecycle rule now, enabled or not; its result shows as the rule’s last run when done',
  tags,
  params: ZRuleParams,
  response: z.object({ ruleId: z.uuid(), workflowId: z.string() }),
  successStatus: 202,
  handler: async ({ params }, { services, principal }) => services.lifecycleRules.runNow(principal.actor, params.id),
});

export const lifecycleRuleRoutes = [
  listLifecycleRulesRoute,
  getLifecycleRuleRoute,
  createLifecycleRuleRoute,
  updateLifecycleRuleRoute,
  deleteLifecycleRuleRoute,
  runLifecycleRuleRoute,
] as unknown as RestRoute[];
