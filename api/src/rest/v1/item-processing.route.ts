import { operationKinds, operationStatuses, processStates } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';

const ZItemIdParams = z.object({ id: z.uuid() });

export const ZItemVersion = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    fileName: z.string(),
    fileSize: z.number().nullable(),
    leading: z.boolean(),
    uploadState: z.enum(processStates),
    transcodingState: z.enum(processStates),
    transcodingError: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ItemVersion' });

export const ZOperation = z
  .object({
    id: z.uuid(),
    kind: z.enum(operationKinds),
    status: z.enum(operationStatuses),
    title: z.string(),
    itemId: z.string().nullable(),
    progress: z.number(),
    step: z.string().nullable(),
    error: z.string().nullable(),
    bytesTotal: z.number().nullable(),
    bytesDone: z.number().nullable(),
    userId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    canCancel: z.boolean(),
  })
  .meta({ id: 'Operation' });

export const listItemVersionsRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/versions',
  operationId: 'listItemVersions',
  summary: "An item's versions, newest first; one of them leads",
  tags: ['Items'],
  params: ZItemIdParams,
  response: z.object({ versions: z.array(ZItemVersion) }),
  handler: async ({ params }, { services, principal }) => ({
    versions: await services.versions.list(principal.actor, params.id),
  }),
});

export const promoteItemVersionRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/versions/:versionId/promote',
  operationId: 'promoteItemVersion',
  summary: 'Make an older version the leading one again',
  tags: ['Items'],
  params: z.object({ id: z.uuid(), versionId: z.uuid() }),
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal }) => {
    await services.versions.promote(principal.actor, params.id, params.versionId);
    return { ok: true as const };
  },
});

export const reprocessItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/reprocess',
  operationId: 'reprocessItem',
  summary: "Run the leading version's processing (probe, proxy, HLS, thumbnails, waveform) again",
  tags: ['Items'],
  params: ZItemIdParams,
  response: z.object({ ok: z.literal(true) }),
  successStatus: 202,
  handler: async ({ params }, { services, principal }) => {
    await services.processing.reprocess(principal.actor, params.id);
    return { ok: true as const };
  },
});

export const listOperationsRoute = defineRoute({
  method: 'GET',
  path: '/operations',
  operationId: 'listOperations',
  summary: "The key's user's uploads and processing runs, newest first (the activity monitor)",
  tags: ['Activity'],
  query: z.object({
    kind: z.enum(operationKinds).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ operations: z.array(ZOperation) }),
  handler: async ({ query }, { services, principal }) => {
    const { kind, limit } = query as { kind?: (typeof operationKinds)[number]; limit: number };
    return {
      operations: await services.processing.listOperations(principal.actor, {
        everyone: false,
        kinds: kind ? [kind] : undefined,
        limit,
      }),
    };
  },
});

export const cancelOperationRoute = defineRoute({
  method: 'POST',
  path: '/operations/:id/cancel',
  operationId: 'cancelOperation',
  summary: 'Cancel an upload or a processing run',
  tags: ['Activity'],
  params: ZItemIdParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal }) => {
    await services.processing.cancel(principal.actor, params.id);
    return { ok: true as const };
  },
});

export const itemProcessingRoutes = [
  listItemVersionsRoute,
  promoteItemVersionRoute,
  reprocessItemRoute,
  listOperationsRoute,
  cancelOperationRoute,
] as unknown as RestRoute[];
