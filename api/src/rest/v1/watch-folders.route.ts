import { z } from 'zod';
import {
  ZCreateWatchFolderFields,
  ZUpdateWatchFolderFields,
} from '../../trpc/procedures/watch-folders/watch-folder-input.schema';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZWatchFolderParams = z.object({ id: z.uuid() });

const ZWatchFolderView = z
  .object({
    id: z.uuid(),
    storageId: z.uuid(),
    subpath: z.string(),
    folderId: z.uuid(),
    enabled: z.boolean(),
    stableSeconds: z.number().int(),
    state: z
      .enum(['watching', 'stopped', 'disabled'])
      .describe('watching: polled; stopped: enabled but not polled (restarted at the next server start); disabled'),
    filesIngested: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WatchFolder' });

const tags = ['Storages'];

export const listWatchFoldersRoute = defineRoute({
  method: 'GET',
  path: '/watch-folders',
  operationId: 'listWatchFolders',
  summary: 'The organisation’s watch folders, newest first',
  tags,
  response: z.object({ watchFolders: z.array(ZWatchFolderView) }),
  handler: async (_input, { services, principal }) => ({
    watchFolders: await services.watchFolders.list(principal.actor),
  }),
});

export const getWatchFolderRoute = defineRoute({
  method: 'GET',
  path: '/watch-folders/:id',
  operationId: 'getWatchFolder',
  summary: 'One watch folder, its state and how many files it ingested',
  tags,
  params: ZWatchFolderParams,
  response: ZWatchFolderView,
  handler: async ({ params }, { services, principal }) => services.watchFolders.get(principal.actor, params.id),
});

export const createWatchFolderRoute = defineRoute({
  method: 'POST',
  path: '/watch-folders',
  operationId: 'createWatchFolder',
  summary: 'Watch a high-res location: files landing there become items of the target folder once stable',
  tags,
  body: ZCreateWatchFolderFields.meta({ id: 'CreateWatchFolder' }),
  response: ZWatchFolderView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.watchFolders.create(principal.actor, body, restMeta(request)),
});

export const updateWatchFolderRoute = defineRoute({
  method: 'PATCH',
  path: '/watch-folders/:id',
  operationId: 'updateWatchFolder',
  summary: 'Change a watch folder; disabling it stops its polling',
  tags,
  params: ZWatchFolderParams,
  body: ZUpdateWatchFolderFields.meta({ id: 'UpdateWatchFolder' }),
  response: ZWatchFolderView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.watchFolders.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteWatchFolderRoute = defineRoute({
  method: 'DELETE',
  path: '/watch-folders/:id',
  operationId: 'deleteWatchFolder',
  summary: 'Stop watching and remove the watch folder; items it made stay',
  tags,
  params: ZWatchFolderParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.watchFolders.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const watchFolderRoutes = [
  listWatchFoldersRoute,
  getWatchFolderRoute,
  createWatchFolderRoute,
  updateWatchFolderRoute,
  deleteWatchFolderRoute,
] as unknown as RestRoute[];
