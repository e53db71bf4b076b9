import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZUploadFolder = z
  .object({
    folder: z.object({ id: z.uuid(), name: z.string(), isRoot: z.boolean() }),
    chosen: z.boolean().describe('The user chose it; otherwise uploads go to the root folder'),
    canChoose: z.boolean().describe('The user may choose another (chooseUploadLocation, create and upload)'),
  })
  .meta({ id: 'UploadFolder' });

export const getUploadFolderRoute = defineRoute({
  method: 'GET',
  path: '/me/upload-folder',
  operationId: 'getUploadFolder',
  summary: "Where the key's user's uploads go when they name no folder: their chosen default, else the root folder",
  tags: ['Account'],
  response: ZUploadFolder,
  handler: async (_input, { services, principal }) => services.uploadFolders.get(principal.actor),
});

export const setUploadFolderRoute = defineRoute({
  method: 'PUT',
  path: '/me/upload-folder',
  operationId: 'setUploadFolder',
  summary: "Choose the key's user's default upload folder (chooseUploadLocation); null goes back to the root folder",
  tags: ['Account'],
  body: z.object({ folderId: z.uuid().nullable() }),
  response: ZUploadFolder,
  handler: async ({ body }, { services, principal, request }) =>
    services.uploadFolders.set(principal.actor, body.folderId, restMeta(request)),
});

export const uploadFolderRoutes = [getUploadFolderRoute, setUploadFolderRoute] as unknown as RestRoute[];
