import { accessLevels } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });

export const ZAccessSetting = z
  .object({ level: z.enum(accessLevels), groups: z.array(z.string()) })
  .describe('tenant = everyone in the organisation, owner = the owner only, selected_groups = members of `groups`')
  .meta({ id: 'Access' });

/** Anything gets through so that the answer to a malformed setting is BAD_VISIBLE_TO / BAD_UPDATABLE_BY. */
const ZAccessBody = z
  .custom<z.infer<typeof ZAccessSetting> | null>(() => true)
  .describe('{ "level": "tenant" | "owner" | "selected_groups", "groups": [group ids] }, or null for no restriction');

export const ZFolder = z
  .object({
    id: z.uuid(),
    parentId: z.uuid().nullable().describe('null for the tenant root folder'),
    name: z.string(),
    ownerId: z.string().nullable(),
    visibleTo: ZAccessSetting.nullable().describe('null: no restriction'),
    updatableBy: ZAccessSetting.nullable().describe('null: no restriction'),
    createdAt: z.string(),
    isRoot: z.boolean(),
    canUpdate: z.boolean().describe("Whether the key's user may rename, move and restrict the folder"),
    canAddTo: z.boolean().describe("Whether the key's user may add items and subfolders to the folder"),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Folder' });

const ZFolderName = z.string().trim().min(1).max(200);

export const listFoldersRoute = defineRoute({
  method: 'GET',
  path: '/folders',
  operationId: 'listFolders',
  summary: 'The folder tree, flat: every folder the key may see, and the root always',
  tags: ['Folders'],
  response: z.object({ rootId: z.uuid(), folders: z.array(ZFolder) }).meta({ id: 'FolderTree' }),
  handler: async (_input, { services, principal }) => services.folders.tree(principal.actor),
});

export const getFolderRoute = defineRoute({
  method: 'GET',
  path: '/folders/:id',
  operationId: 'getFolder',
  summary: 'One folder',
  tags: ['Folders'],
  params: ZIdParams,
  response: ZFolder,
  handler: async ({ params }, { services, principal }) => services.folders.get(principal.actor, params.id),
});

export const createFolderRoute = defineRoute({
  method: 'POST',
  path: '/folders',
  operationId: 'createFolder',
  summary: 'Create a folder (permission folderCreate and update access to the parent)',
  tags: ['Folders'],
  body: z.object({
    parentId: z.uuid().optional().describe('Default: the tenant root folder'),
    name: ZFolderName,
    visibleTo: ZAccessBody.optional(),
    updatableBy: ZAccessBody.optional(),
  }),
  response: ZFolder,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.folders.create(principal.actor, body, restMeta(request)),
});

export const updateFolderRoute = defineRoute({
  method: 'PATCH',
  path: '/folders/:id',
  operationId: 'updateFolder',
  summary: 'Rename, move or restrict a folder; fields left out stay as they are',
  tags: ['Folders'],
  params: ZIdParams,
  body: z.object({
    name: ZFolderName.optional(),
    parentId: z.uuid().optional().describe('Move into this folder; not below itself, never the root'),
    visibleTo: ZAccessBody.optional(),
    updatableBy: ZAccessBody.optional(),
  }),
  response: ZFolder,
  handler: async ({ params, body }, { services, principal, request }) => {
    const meta = restMeta(request);
    const { actor } = principal;
    // The changes most likely to be refused go first, so a refusal rarely leaves half of a request applied.
    if (body.parentId !== undefined)
      await services.folders.move(actor, { id: params.id, parentId: body.parentId }, meta);
    if (body.visibleTo !== undefined || body.updatableBy !== undefined) {
      await services.folders.setAccess(
        actor,
        { id: params.id, visibleTo: body.visibleTo, updatableBy: body.updatableBy },
        meta,
      );
    }
    if (body.name !== undefined) await services.folders.rename(actor, { id: params.id, name: body.name }, meta);
    return services.folders.get(actor, params.id);
  },
});

export const deleteFolderRoute = defineRoute({
  method: 'DELETE',
  path: '/folders/:id',
  operationId: 'deleteFolder',
  summary: 'Delete a folder with its subfolders; their items go to the recycle bin',
  tags: ['Folders'],
  params: ZIdParams,
  response: z.object({ deletedFolderIds: z.array(z.uuid()), recycledItemIds: z.array(z.uuid()) }),
  handler: async ({ params }, { services, principal, request }) =>
    services.folders.remove(principal.actor, params.id, restMeta(request)),
});

export const folderRoutes = [
  listFoldersRoute,
  getFolderRoute,
  createFolderRoute,
  updateFolderRoute,
  deleteFolderRoute,
] as unknown as RestRoute[];
