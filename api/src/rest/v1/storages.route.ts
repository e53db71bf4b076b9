import { storageTypes } from '@mam/db';
import { z } from 'zod';
import { ZStorageInput } from '../../trpc/procedures/storages/storage-input.schema';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

export const ZStorageParams = z.object({ id: z.uuid() });

const ZStorageView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(['local', 's3']),
    types: z.array(z.enum(storageTypes)),
    defaultTypes: z.array(z.enum(storageTypes)).describe('The types new files of that type are stored here for'),
    enableDeletion: z.boolean(),
    externallyReplicated: z.boolean().describe('Replicated by another system; never a replication source'),
    builtIn: z.boolean().describe('The local storage every tenant starts with; it cannot be deleted'),
    pathPrefix: z.string(),
    bucket: z.string(),
    region: z.string(),
    endpoint: z.string(),
    permissionMethod: z.enum(['accessKeys', 'role', 'gateway']),
    roleArn: z.string(),
    forcePathStyle: z.boolean(),
    restoreStandardSeconds: z.number().int().describe('Cold locations (local): how long a standard restore takes'),
    restoreExpressSeconds: z.number().int().describe('Cold locations (local): how long an express restore takes'),
    coldStorageClass: z.enum(['GLACIER', 'DEEP_ARCHIVE']).describe('Cold locations (S3): the class objects go to'),
    credentialsSet: z.boolean().describe('Access keys are stored; they are never returned'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Storage' });

const ZStorageBody = ZStorageInput.meta({ id: 'StorageInput' });
const tags = ['Storages'];

export const listStoragesRoute = defineRoute({
  method: 'GET',
  path: '/storages',
  operationId: 'listStorages',
  summary: 'The tenant’s storage locations (tenant administrators)',
  tags,
  response: z.object({ storages: z.array(ZStorageView) }),
  handler: async (_input, { services, principal }) => ({
    storages: await services.storages.list(principal.actor),
  }),
});

export const getStorageRoute = defineRoute({
  method: 'GET',
  path: '/storages/:id',
  operationId: 'getStorage',
  summary: 'One storage location',
  tags,
  params: ZStorageParams,
  response: ZStorageView,
  handler: async ({ params }, { services, principal }) => services.storages.get(principal.actor, params.id),
});

export const createStorageRoute = defineRoute({
  method: 'POST',
  path: '/storages',
  operationId: 'createStorage',
  summary: 'Add a storage location (tenant administrators); access keys are write-only',
  tags,
  body: ZStorageBody,
  response: ZStorageView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.storages.create(principal.actor, body, restMeta(request)),
});

export const updateStorageRoute = defineRoute({
  method: 'PUT',
  path: '/storages/:id',
  operationId: 'updateStorage',
  summary: 'Replace a storage location’s settings; absent credentials keep the stored ones, null removes them',
  tags,
  params: ZStorageParams,
  body: ZStorageBody,
  response: ZStorageView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.storages.update(principal.actor, { ...body, id: params.id }, restMeta(request)),
});

export const deleteStorageRoute = defineRoute({
  method: 'DELETE',
  path: '/storages/:id',
  operationId: 'deleteStorage',
  summary: 'Delete a storage location; refused for the built-in one and while it holds media',
  tags,
  params: ZStorageParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.storages.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const storageRoutes = [
  listStoragesRoute,
  getStorageRoute,
  createStorageRoute,
  updateStorageRoute,
  deleteStorageRoute,
] as unknown as RestRoute[];
