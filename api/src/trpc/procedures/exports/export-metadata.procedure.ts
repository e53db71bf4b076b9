import { EXPORT_MAX_ITEMS } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZSearchInput } from '../search/search.schema';

/** A search as the search page runs it (every page of it is exported). */
export const ZExportSearch = ZSearchInput.omit({ limit: true, cursor: true, facetFields: true, counts: true });

export const ZExportMetadataInput = z
  .object({
    itemIds: z.array(z.uuid()).max(EXPORT_MAX_ITEMS).optional(),
    folderId: z.uuid().optional(),
    search: ZExportSearch.optional(),
    formId: z.string().min(1).max(200),
    format: z.enum(['csv', 'json']),
  })
  .refine((input) => (input.itemIds?.length ?? 0) > 0 || input.folderId !== undefined || input.search !== undefined, {
    message: 'Choose items, a folder or a search to export.',
    path: ['itemIds'],
  });
export type TExportMetadataInput = z.infer<typeof ZExportMetadataInput>;

// A mutation: the id list can be long, and the console asks for the file on a click.
export const exportMetadataProcedure = authedProcedure
  .input(ZExportMetadataInput)
  .mutation(({ ctx, input }) => ctx.services.libraryLayout.exportMetadata(ctx.auth.actor, input));
