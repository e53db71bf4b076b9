import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';
import { ZStorageParams } from './storages.route';

const ZScanParams = z.object({ id: z.uuid(), scanId: z.uuid() });

const ZStartScanBody = z
  .object({
    from: z.iso.datetime({ offset: true }).optional().describe('Only files modified at or after this time'),
    to: z.iso.datetime({ offset: true }).optional().describe('Only files modified at or before this time'),
    folderId: z.uuid().optional().describe('Where the new items go; the caller’s upload folder when absent'),
  })
  .meta({ id: 'StartStorageScan' });

const ZStorageScanView = z
  .object({
    id: z.uuid(),
    storageId: z.uuid(),
    folderId: z.uuid(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    status: z.enum(['running', 'completed', 'failed']),
    filesSeen: z.number().int(),
    itemsCreated: z.number().int(),
    filesSkipped: z.number().int().describe('Files not media, outside the date range, or already known'),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'StorageScan' });

const tags = ['Storages'];

export const startStorageScanRoute = defineRoute({
  method: 'POST',
  path: '/storages/:id/scans',
  operationId: 'startStorageScan',
  summary:
    'Scan a storage location for media not yet known and make items of it (catch-up ingest); joins a running scan',
  tags,
  params: ZStorageParams,
  body: ZStartScanBody,
  response: ZStorageScanView,
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.storageScans.start(principal.actor, params.id, body, restMeta(request)),
});

export const listStorageScansRoute = defineRoute({
  method: 'GET',
  path: '/storages/:id/scans',
  operationId: 'listStorageScans',
  summary: 'The location’s latest scans, newest first',
  tags,
  params: ZStorageParams,
  response: z.object({ scans: z.array(ZStorageScanView) }),
  handler: async ({ params }, { services, principal }) => ({
    scans: await services.storageScans.list(principal.actor, params.id),
  }),
});

export const getStorageScanRoute = defineRoute({
  method: 'GET',
  path: '/storages/:id/scans/:scanId',
  operationId: 'getStorageScan',
  summary: 'One scan and its progress: files seen, items created, files skipped',
  tags,
  params: ZScanParams,
  response: ZStorageScanView,
  handler: async ({ params }, { services, principal }) =>
    services.storageScans.get(principal.actor, params.id, params.scanId),
});

export const storageScanRoutes = [
  startStorageScanRoute,
  listStorageScansRoute,
  getStorageScanRoute,
] as unknown as RestRoute[];
