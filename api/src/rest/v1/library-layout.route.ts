import { EXPORT_MAX_ITEMS } from '@mam/core';
import { z } from 'zod';
import { ZExportSearch } from '../../trpc/procedures/exports/export-metadata.procedure';
import { defineRoute, type RestRoute } from '../rest-route';
import { restItem, ZItemPage, ZItemPageQuery } from './items-library.route';

/** The /browse layout's item grid for API clients: FEATURE_DISABLED while the tenant's browse flag is off. */
export const browseFolderRoute = defineRoute({
  method: 'GET',
  path: '/browse',
  operationId: 'browseFolder',
  summary: "A folder's items as the /browse layout shows them (the browse feature flag; the root without folderId)",
  tags: ['Items'],
  query: ZItemPageQuery,
  response: ZItemPage,
  handler: async ({ query }, { services, principal }) => {
    const page = await services.libraryLayout.browseFolder(principal.actor, query as z.infer<typeof ZItemPageQuery>);
    return { items: page.items.map(restItem), nextCursor: page.nextCursor };
  },
});

/** What the /export layout writes out, for API clients: chosen items, a whole folder, or every hit of a search. */
export const exportMetadataRoute = defineRoute({
  method: 'POST',
  path: '/exports/metadata.csv',
  operationId: 'exportMetadata',
  summary:
    "One form's values of chosen items, a folder's items or a search's hits as CSV, as the /export layout writes it (the export feature flag)",
  tags: ['Metadata'],
  body: z
    .object({
      form: z.string().min(1).max(200).describe("The form's row id or its key (e.g. common)"),
      itemIds: z.array(z.uuid()).min(1).max(EXPORT_MAX_ITEMS).optional(),
      folderId: z.uuid().optional(),
      search: ZExportSearch.optional().describe(
        'A search (q and filters, as the search page runs it); every hit is exported',
      ),
    })
    .refine((body) => [body.itemIds, body.folderId, body.search].filter((v) => v !== undefined).length === 1, {
      message: 'Give one of itemIds, folderId or search.',
    }),
  produces: 'text/csv',
  response: z.string(),
  handler: async ({ body }, { services, principal }) => {
    const { itemIds, folderId, search, form } = body;
    const file = await services.libraryLayout.exportMetadata(principal.actor, {
      itemIds,
      folderId,
      search,
      formId: form,
      format: 'csv',
    });
    return file.content;
  },
});

export const libraryLayoutRoutes = [browseFolderRoute, exportMetadataRoute] as unknown as RestRoute[];
