import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });
const ZForm = z.string().min(1).max(200).describe("The form's row id or its key (e.g. common)");
const ZResult = z
  .object({
    itemId: z.string(),
    ok: z.boolean(),
    code: z.string().optional(),
    message: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'MetadataChangeResult' });

export const exportXmpRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/metadata.xmp',
  operationId: 'exportItemXmp',
  summary:
    "An item's metadata as an XMP sidecar (Dublin Core title, description, keywords; every other field as mam:<fieldId>)",
  tags: ['Metadata'],
  params: ZIdParams,
  produces: 'application/rdf+xml',
  response: z.string(),
  handler: async ({ params }, { services, principal }) =>
    services.metadataExchange.exportXmp(principal.actor, params.id),
});

export const importXmpRoute = defineRoute({
  method: 'PUT',
  path: '/items/:id/metadata.xmp',
  operationId: 'importItemXmp',
  summary: "Set an item's metadata from an XMP sidecar, through one form's checks",
  tags: ['Metadata'],
  params: ZIdParams,
  body: z.object({ form: ZForm, xmp: z.string().max(2_000_000) }),
  response: ZResult,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.metadataExchange.importXmp(
      principal.actor,
      params.id,
      { formId: body.form, xmp: body.xmp },
      restMeta(request),
    ),
});

export const exportCsvRoute = defineRoute({
  method: 'POST',
  path: '/metadata/export.csv',
  operationId: 'exportMetadataCsv',
  summary: "Items' values of one form as CSV: an id column, then one column per fieldId",
  tags: ['Metadata'],
  body: z.object({ form: ZForm, itemIds: z.array(z.uuid()).min(1).max(10_000) }),
  produces: 'text/csv',
  response: z.string(),
  handler: async ({ body }, { services, principal }) =>
    services.metadataExchange.exportCsv(principal.actor, { itemIds: body.itemIds, formId: body.form }),
});

export const importCsvRoute = defineRoute({
  method: 'POST',
  path: '/metadata/import.csv',
  operationId: 'importMetadataCsv',
  summary:
    "Set values from CSV (id column plus fieldId columns), line by line through the form's checks; one result per line",
  tags: ['Metadata'],
  body: z.object({ form: ZForm, csv: z.string().max(20_000_000) }),
  response: z.object({ results: z.array(ZResult.extend({ line: z.number().int() })) }),
  handler: async ({ body }, { services, principal, request }) =>
    services.metadataExchange.importCsv(principal.actor, { formId: body.form, csv: body.csv }, restMeta(request)),
});

export const metadataExchangeRoutes = [
  exportXmpRoute,
  importXmpRoute,
  exportCsvRoute,
  importCsvRoute,
] as unknown as RestRoute[];
