import { approvalStatuses, ZIsoDateTime } from '@mam/core';
import { z } from 'zod';

/** One search request, the same over tRPC and REST. */
export const ZSearchInput = z.object({
  q: z.string().max(2000).default(''),
  typeFilter: z.enum(['assets', 'all']).optional(),
  itemTypes: z.array(z.string().min(1).max(40)).max(20).optional(),
  folderId: z.uuid().optional(),
  states: z
    .array(z.enum(['INITIATED', 'PROGRESSING', 'COMPLETE', 'ERROR']))
    .max(4)
    .optional(),
  approvals: z.array(z.enum(approvalStatuses)).max(4).optional(),
  createdBy: z.array(z.uuid()).max(50).optional(),
  createdFrom: ZIsoDateTime.optional(),
  createdTo: ZIsoDateTime.optional(),
  fieldValues: z
    .array(z.object({ fieldId: z.string().min(1).max(200), values: z.array(z.string().max(500)).min(1).max(50) }))
    .max(20)
    .optional(),
  sort: z
    .object({
      by: z.enum(['relevance', 'created', 'modified', 'title', 'field']),
      fieldId: z.string().min(1).max(200).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
    })
    .optional(),
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().max(20).optional(),
  facetFields: z.array(z.string().min(1).max(200)).max(20).optional(),
  /**
   * Whether to count the total and facets, most of a broad search's time. By default the first page (no cursor)
   * does and later pages, which a list shows under its first page's counts, do not.
   */
  counts: z.boolean().optional(),
});
export type TSearchInputSchema = z.infer<typeof ZSearchInput>;
