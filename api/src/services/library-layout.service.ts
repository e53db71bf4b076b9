import {
  AppError,
  EXPORT_MAX_ITEMS,
  EXPORT_MIME_TYPES,
  exportFileName,
  metadataToCsv,
  metadataToJson,
  type TExportFormat,
} from '@mam/core';
import type { AuthedActor } from './actor.service';
import type { FeatureGate } from './feature-gate';
import type { ItemMetadataService } from './metadata/item-metadata.service';
import type { ServiceDeps } from './service-deps';
import type { TenantConfigService } from './tenant-config.service';
import type { createItemLibraryService } from './items/item-library.service';
import type { SearchService, TSearchInput } from './search/search.service';

type ItemLibraryService = ReturnType<typeof createItemLibraryService>;

/** A search as the search page runs it, every page of it: what a search-result export writes out. */
export type TExportSearch = Omit<TSearchInput, 'limit' | 'cursor' | 'facetFields'>;

export interface TMetadataExport {
  fileName: string;
  mimeType: string;
  content: string;
  itemCount: number;
}

/**
 * The /browse and /export layouts (spec section 2): one layout, each half behind its feature flag. Browsing reads a
 * folder's items; exporting writes the chosen items' (or a whole folder's, or a search result's) metadata of one form
 * as CSV or JSON.
 */
export function createLibraryLayoutService(
  deps: Pick<ServiceDeps, 'clock'>,
  gate: FeatureGate,
  itemLibrary: ItemLibraryService,
  itemMetadata: ItemMetadataService,
  tenantConfig: TenantConfigService,
  search: Pick<SearchService, 'searchPage'>,
) {
  /** Every item of a folder the actor may see, in the folder's order, up to the export limit. */
  async function folderItemIds(actor: AuthedActor, folderId: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await itemLibrary.list(actor, { folderId, limit: 200, cursor });
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && ids.length <= EXPORT_MAX_ITEMS);
    if (ids.length > EXPORT_MAX_ITEMS)
      throw new AppError('EXPORT_TOO_MANY_ITEMS', { params: { max: EXPORT_MAX_ITEMS } });
    return ids;
  }

  /** Every hit of a search the actor may see, in the search's order, up to the export limit. */
  async function searchItemIds(actor: AuthedActor, query: TExportSearch): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search.searchPage(actor, { ...query, limit: 200, cursor });
      ids.push(...page.hits.map((hit) => hit.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && ids.length <= EXPORT_MAX_ITEMS);
    if (ids.length > EXPORT_MAX_ITEMS)
      throw new AppError('EXPORT_TOO_MANY_ITEMS', { params: { max: EXPORT_MAX_ITEMS } });
    return ids;
  }

  return {
    async browseFolder(actor: AuthedActor, input: { folderId?: string; limit: number; cursor?: string }) {
      await gate.assertEnabled(actor, 'browse');
      return itemLibrary.list(actor, input);
    },

    async exportMetadata(
      actor: AuthedActor,
      input: { itemIds?: string[]; folderId?: string; search?: TExportSearch; formId: string; format: TExportFormat },
    ): Promise<TMetadataExport> {
      await gate.assertEnabled(actor, 'export');
      const { form } = await itemMetadata.formFor(actor, input.formId);
      const itemIds = input.itemIds?.length
        ? [...new Set(input.itemIds)]
        : input.folderId
          ? await folderItemIds(actor, input.folderId)
          : input.search
            ? await searchItemIds(actor, input.search)
            : [];
      if (itemIds.length === 0) throw new AppError('EXPORT_EMPTY');
      // Buttons and files hold no metadata to write out.
      const fields = form.fields.filter((field) => field.type !== 'Button' && field.type !== 'File');
      const rows = [];
      // NOT_FOUND for an item this user cannot see, like the item page.
      for (const itemId of itemIds) rows.push({ itemId, values: (await itemMetadata.get(actor, itemId)).values });
      const config = await tenantConfig.current(actor.tenantId);
      return {
        fileName: exportFileName(form.label, deps.clock(), input.format, config.maxExportFileNameLength),
        mimeType: EXPORT_MIME_TYPES[input.format],
        content:
          input.format === 'csv'
            ? metadataToCsv(fields, rows)
            : metadataToJson(
                form,
                fields.map((field) => field.fieldId),
                rows,
              ),
        itemCount: rows.length,
      };
    },
  };
}

export type LibraryLayoutService = ReturnType<typeof createLibraryLayoutService>;
