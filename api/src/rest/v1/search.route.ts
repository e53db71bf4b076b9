import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restItem, ZItem } from './items-library.route';
import { restMeta } from './rest-meta';

const ZFacetCount = z.object({ value: z.string(), count: z.number().int() });

/** Repeated or comma-separated: `itemType=video&itemType=audio` or `itemType=video,audio`. */
const ZList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean));

export const searchRoute = defineRoute({
  method: 'GET',
  path: '/search',
  operationId: 'searchItems',
  summary:
    'Items the key may see that match a query: words, "phrases", field:value, wildcards * and ?, AND / OR / NOT, parentheses, ranges such as created:[2024-01-01 TO 2024-06-30]',
  tags: ['Search'],
  query: z.object({
    q: z.string().max(2000).default('').describe('The query; empty matches everything'),
    itemType: ZList.optional().describe('video, audio, image, file; repeated or comma-separated'),
    folderId: z.uuid().optional().describe('The folder and everything below it'),
    typeFilter: z.enum(['assets', 'all']).optional().describe("The tenant's default search filter when absent"),
    sort: z.enum(['relevance', 'created', 'modified', 'title']).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(20).optional().describe('nextCursor of the previous page'),
  }),
  response: z
    .object({
      hits: z.array(ZItem),
      total: z.number().int(),
      facets: z.object({
        itemType: z.array(ZFacetCount),
        state: z.array(ZFacetCount),
        approval: z.array(ZFacetCount).describe('Approval statuses; filter with approval:<status> in q'),
        createdBy: z.array(ZFacetCount.extend({ label: z.string() })),
        fields: z.record(z.string(), z.array(ZFacetCount)),
      }),
      warnings: z.array(z.object({ code: z.string(), message: z.string() })),
      nextCursor: z.string().nullable(),
      suggestion: z
        .string()
        .nullable()
        .describe(
          "Did you mean: the query with its unknown words corrected to the tenant's words, when it found few hits",
        ),
      logMatches: z
        .record(z.string(), z.array(z.object({ entryId: z.uuid(), tcIn: z.number(), tcOut: z.number().nullable() })))
        .describe('By hit id: the log entries the query matched, by timecode in ticks of 1/12800 s'),
    })
    .meta({ id: 'SearchResult' }),
  handler: async ({ query }, { services, principal }) => {
    const input = query as {
      q: string;
      itemType?: string[];
      folderId?: string;
      typeFilter?: 'assets' | 'all';
      sort?: 'relevance' | 'created' | 'modified' | 'title';
      direction?: 'asc' | 'desc';
      limit: number;
      cursor?: string;
    };
    const result = await services.search.search(principal.actor, {
      q: input.q,
      itemTypes: input.itemType,
      folderId: input.folderId,
      typeFilter: input.typeFilter,
      sort: input.sort ? { by: input.sort, direction: input.direction } : undefined,
      limit: input.limit,
      cursor: input.cursor,
    });
    return { ...result, hits: result.hits.map(restItem) };
  },
});

const ZIdParams = z.object({ id: z.uuid() });
const ZMetadataValues = z.record(z.string(), z.unknown()).meta({ id: 'MetadataValues' });

export const getItemMetadataRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/metadata',
  operationId: 'getItemMetadata',
  summary: "An item's metadata values by fieldId, and the forms offered for it",
  tags: ['Metadata'],
  params: ZIdParams,
  response: z.object({
    itemId: z.uuid(),
    values: ZMetadataValues,
    forms: z.array(z.object({ id: z.uuid(), key: z.string(), label: z.string() })),
    canEdit: z.boolean(),
  }),
  handler: async ({ params }, { services, principal }) => {
    const view = await services.itemMetadata.get(principal.actor, params.id);
    return { ...view, forms: view.forms.map((f) => ({ id: f.id, key: f.form.id, label: f.form.label })) };
  },
});

export const updateItemMetadataRoute = defineRoute({
  method: 'PATCH',
  path: '/items/:id/metadata',
  operationId: 'updateItemMetadata',
  summary:
    "Set metadata values through one of the item's forms; each value is checked against the form (Value required, Invalid value found - please select a new one.)",
  tags: ['Metadata'],
  params: ZIdParams,
  body: z.object({
    form: z.string().min(1).describe("The form's row id or its key (e.g. common)"),
    values: ZMetadataValues,
  }),
  response: z.object({ itemId: z.uuid(), values: ZMetadataValues }),
  handler: async ({ params, body }, { services, principal, request }) => {
    const view = await services.itemMetadata.update(
      principal.actor,
      params.id,
      { formId: body.form, values: body.values },
      restMeta(request),
    );
    return { itemId: view.itemId, values: view.values };
  },
});

export const searchRoutes = [searchRoute, getItemMetadataRoute, updateItemMetadataRoute] as unknown as RestRoute[];
