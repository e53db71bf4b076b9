import { archiveDirections, processStates, restoreTiers } from '@mam/core';
import { z } from 'zod';
import { MAX_BULK_ARCHIVE_ITEMS } from '../../services/archive/archive.service';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });

export const ZArchiveFileTransfer = z
  .object({
    state: z.enum(processStates).describe('INITIATED (pending), PROGRESSING, COMPLETE or ERROR'),
    direction: z.enum(archiveDirections),
    error: z.string().nullable().describe('Why the transfer failed; the online copy is then untouched'),
    enabled: z.boolean().describe('A failed transfer may be retried (archive or unarchive again resumes it)'),
    bytesDone: z.number().int(),
    bytesTotal: z.number().int(),
    percent: z.number().int().min(0).max(100),
    restore: z
      .object({
        tier: z.enum(restoreTiers),
        readyAt: z.iso.datetime().nullable().describe('When the media is expected to be readable in cold storage'),
        ready: z.boolean().describe('The cold copy is readable; the copy back online is under way'),
      })
      .nullable()
      .describe('A restore from cold storage: INITIATED (pending) until readyAt, then PROGRESSING while copied'),
    coldStorage: z.boolean().describe('The archive side is a cold location: archived media comes back by a restore'),
  })
  .meta({ id: 'ArchiveFileTransfer' });

const ZArchiveBody = z
  .object({
    storageId: z.uuid().optional().describe("An archive location of the tenant's; its default one when absent"),
  })
  .meta({ id: 'ArchiveInput' });

const ZUnarchiveBody = z
  .object({
    tier: z
      .enum(['express', 'standard'])
      .optional()
      .describe('For media in cold storage: how fast it is restored. Unused for archive locations'),
  })
  .meta({ id: 'UnarchiveInput' });

const ZStarted = z
  .object({ itemId: z.uuid(), direction: z.enum(archiveDirections), workflowId: z.string() })
  .meta({ id: 'ArchiveStarted' });

const ZRestoreBody = z
  .object({
    tier: z
      .enum(restoreTiers)
      .default('standard')
      .describe('express: as little as minutes, at a higher price on object storage; standard: up to hours'),
  })
  .meta({ id: 'RestoreInput' });

const ZRestoreStarted = z
  .object({
    itemId: z.uuid(),
    direction: z.enum(archiveDirections),
    workflowId: z.string(),
    state: z.enum(processStates).describe('INITIATED (pending) while the cold copy is prepared, then PROGRESSING'),
    tier: z.enum(restoreTiers).describe("The running restore's tier (a joined request keeps the first one's)"),
    readyAt: z.iso.datetime().nullable().describe('When the media is expected to be readable in cold storage'),
    joined: z.boolean().describe('A restore of the item was already under way and this request joined it'),
  })
  .meta({ id: 'RestoreStarted' });

const ZBulkBody = z
  .object({
    itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ARCHIVE_ITEMS),
    storageId: z.uuid().optional().describe('Archive only: the archive location; the default one when absent'),
  })
  .meta({ id: 'BulkArchiveInput' });

const ZBulkResult = z
  .object({
    results: z.array(
      z.union([
        z.object({ itemId: z.string(), ok: z.literal(true), workflowId: z.string() }),
        z.object({ itemId: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
      ]),
    ),
  })
  .meta({ id: 'BulkArchiveResult' });

const tags = ['Archive'];

export const archiveItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/archive',
  operationId: 'archiveItem',
  summary:
    "Move the item's high resolution (every version's original) to an archive location; proxies stay online. " +
    'Poll the item for archiveFileTransfer',
  tags,
  params: ZIdParams,
  body: ZArchiveBody,
  response: ZStarted,
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.archive.archive(principal.actor, params.id, body, restMeta(request)),
});

export const unarchiveItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/unarchive',
  operationId: 'unarchiveItem',
  summary: "Bring the item's high resolution back online from the archive",
  tags,
  params: ZIdParams,
  body: ZUnarchiveBody,
  response: ZStarted,
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.archive.unarchive(principal.actor, params.id, body, restMeta(request)),
});

// Not /items/:id/restore: that restores an item from the recycle bin.
export const coldRestoreItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/cold-restore',
  operationId: 'restoreItemFromColdStorage',
  summary:
    "Restore the item's high resolution from cold storage and bring it back online. A request while a restore is " +
    'under way joins it. Poll the item for archiveFileTransfer; the requester is notified when the media is back',
  tags,
  params: ZIdParams,
  body: ZRestoreBody,
  response: ZRestoreStarted,
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.archive.restore(principal.actor, params.id, body, restMeta(request)),
});

export const bulkArchiveRoute = defineRoute({
  method: 'POST',
  path: '/items/archive',
  operationId: 'archiveItems',
  summary: 'Archive a selection of items; each item says whether its archive started',
  tags,
  body: ZBulkBody,
  response: ZBulkResult,
  handler: async ({ body }, { services, principal, request }) =>
    services.archive.bulk(principal.actor, { ...body, direction: 'archive' }, restMeta(request)),
});

export const bulkUnarchiveRoute = defineRoute({
  method: 'POST',
  path: '/items/unarchive',
  operationId: 'unarchiveItems',
  summary: 'Unarchive a selection of items; each item says whether its unarchive started',
  tags,
  body: ZBulkBody.omit({ storageId: true }).meta({ id: 'BulkUnarchiveInput' }),
  response: ZBulkResult,
  handler: async ({ body }, { services, principal, request }) =>
    services.archive.bulk(principal.actor, { ...body, direction: 'unarchive' }, restMeta(request)),
});

export const bulkColdRestoreRoute = defineRoute({
  method: 'POST',
  path: '/items/cold-restore',
  operationId: 'restoreItemsFromColdStorage',
  summary:
    'Restore a selection of items from cold storage; each item says whether its restore started (or joined one ' +
    'under way) and when its media is expected, or why it was refused',
  tags,
  body: z
    .object({
      itemIds: z.array(z.uuid()).min(1).max(MAX_BULK_ARCHIVE_ITEMS),
      tier: ZRestoreBody.shape.tier,
    })
    .meta({ id: 'BulkRestoreInput' }),
  response: z
    .object({
      results: z.array(
        z.union([
          ZRestoreStarted.extend({ ok: z.literal(true) }).meta({ id: 'BulkRestoreStarted' }),
          z.object({ itemId: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
        ]),
      ),
    })
    .meta({ id: 'BulkRestoreResult' }),
  handler: async ({ body }, { services, principal, request }) =>
    services.archive.bulkRestore(principal.actor, body, restMeta(request)),
});

export const archiveLocationsRoute = defineRoute({
  method: 'GET',
  path: '/archive/locations',
  operationId: 'listArchiveLocations',
  summary:
    "The tenant's locations an item's high resolution may be archived to (archive and cold storage), the default " +
    'first; pass one as `storageId` to archive',
  tags,
  response: z
    .object({
      locations: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          kind: z.enum(['local', 's3']),
          cold: z.boolean().describe('Reading it back takes a restore (POST /items/{id}/cold-restore)'),
          isDefault: z.boolean().describe('Where archive sends media when no storageId is given'),
        }),
      ),
    })
    .meta({ id: 'ArchiveLocations' }),
  handler: async (_input, { services, principal }) => ({
    locations: await services.archive.locations(principal.actor),
  }),
});

export const archiveRoutes = [
  archiveLocationsRoute,
  archiveItemRoute,
  unarchiveItemRoute,
  coldRestoreItemRoute,
  bulkArchiveRoute,
  bulkUnarchiveRoute,
  bulkColdRestoreRoute,
] as unknown as RestRoute[];
