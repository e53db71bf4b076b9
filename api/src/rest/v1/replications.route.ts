import { replicationStages } from '@mam/core';
import { z } from 'zod';
import { ZReplicationInput } from '../../trpc/procedures/replications/replication-input.schema';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZReplicationParams = z.object({ id: z.uuid() });

const ZReplicationView = z
  .object({
    id: z.uuid(),
    sourceStorageId: z.uuid(),
    targetStorageId: z.uuid(),
    stage: z.enum(replicationStages).describe('original: the high resolution only; all: with its generated media'),
    shardCount: z.number().int().describe('How many copies run at once'),
    enabled: z.boolean(),
    apiTokenSet: z.boolean().describe('An API token is stored; it is never returned'),
    workflowId: z.string().describe('The durable workflow that copies for this setting'),
    status: z.object({
      copied: z.number().int().describe('Item versions copied and verified'),
      pending: z.number().int().describe('Item versions still to copy'),
      failed: z.number().int().describe('Item versions whose last copy failed; tried again next round'),
      lastRoundAt: z.string().nullable(),
      lastRoundCopied: z.number().int(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Replication' });

const ZReplicationBody = ZReplicationInput.meta({ id: 'ReplicationInput' });
const tags = ['Replications'];

export const listReplicationsRoute = defineRoute({
  method: 'GET',
  path: '/replications',
  operationId: 'listReplications',
  summary: 'The tenant’s replication settings with their progress (tenant administrators)',
  tags,
  response: z.object({ replications: z.array(ZReplicationView) }),
  handler: async (_input, { services, principal }) => ({
    replications: await services.replications.list(principal.actor),
  }),
});

export const getReplicationRoute = defineRoute({
  method: 'GET',
  path: '/replications/:id',
  operationId: 'getReplication',
  summary: 'One replication setting with its progress',
  tags,
  params: ZReplicationParams,
  response: ZReplicationView,
  handler: async ({ params }, { services, principal }) => services.replications.get(principal.actor, params.id),
});

export const createReplicationRoute = defineRoute({
  method: 'POST',
  path: '/replications',
  operationId: 'createReplication',
  summary: 'Replicate new media of a storage location to another; an enabled setting starts copying at once',
  tags,
  body: ZReplicationBody,
  response: ZReplicationView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.replications.create(principal.actor, body, restMeta(request)),
});

export const updateReplicationRoute = defineRoute({
  method: 'PUT',
  path: '/replications/:id',
  operationId: 'updateReplication',
  summary: 'Replace a replication setting; absent apiToken keeps the stored one, null removes it',
  tags,
  params: ZReplicationParams,
  body: ZReplicationBody,
  response: ZReplicationView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.replications.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteReplicationRoute = defineRoute({
  method: 'DELETE',
  path: '/replications/:id',
  operationId: 'deleteReplication',
  summary: 'Delete a replication setting; copies already made stay in the target',
  tags,
  params: ZReplicationParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.replications.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const replicationRoutes = [
  listReplicationsRoute,
  getReplicationRoute,
  createReplicationRoute,
  updateReplicationRoute,
  deleteReplicationRoute,
] as unknown as RestRoute[];
