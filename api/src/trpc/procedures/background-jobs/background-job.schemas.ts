import { ZIsoDateTime } from '@mam/core';
import { z } from 'zod';

export const workflowStatuses = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED'] as const;

/** A run's business id, e.g. `demo:item-…:v1:transcode`. */
export const ZWorkflowId = z.string().trim().min(1).max(512);

export const ZBackgroundJobFilters = z.object({
  types: z.array(z.string().min(1).max(200)).max(50).optional(),
  statuses: z.array(z.enum(workflowStatuses)).optional(),
  tenantId: z.uuid().optional().describe("Super administrator only; others always get their own tenant's runs"),
  startedFrom: ZIsoDateTime.optional(),
  startedTo: ZIsoDateTime.optional(),
});
