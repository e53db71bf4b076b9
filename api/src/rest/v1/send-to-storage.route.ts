import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';

const ZIdParams = z.object({ id: z.uuid() });

const ZSendToStorageBody = z
  .object({
    storageId: z.uuid().describe("An export storage location of the tenant's (GET /send-to-storage/locations)"),
  })
  .meta({ id: 'SendToStorageInput' });

export const ZSendToStorageStatus = z
  .object({
    itemId: z.uuid(),
    storageId: z.uuid(),
    storageName: z.string().nullable().describe('Null when the location was deleted since'),
    workflowId: z.string(),
    status: z
      .enum(['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED'])
      .describe("The send's workflow run: RUNNING while it copies, COMPLETED once the copy is verified"),
    bytesDone: z.number().int(),
    bytesTotal: z.number().int(),
    percent: z.number().int().min(0).max(100),
    fileName: z
      .string()
      .nullable()
      .describe(
        "The file's name in the location once sent: the title and the original's extension, `name (2).ext` when taken",
      ),
    key: z
      .string()
      .nullable()
      .describe(
        "Where the file is in the location once sent: `<tenant id>/<fileName>` under the location's path prefix",
      ),
    sha256: z.string().nullable().describe('SHA-256 of the copy, verified against the stored file, once sent'),
    error: z.object({ code: z.literal('SEND_TO_STORAGE_FAILED'), message: z.string(), reason: z.string() }).nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'SendToStorageStatus' });

const ZSendToStorageList = z.object({ sends: z.array(ZSendToStorageStatus) }).meta({ id: 'SendToStorageList' });

const ZSendToStorageLocations = z
  .object({
    locations: z.array(z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['local', 's3']) })),
  })
  .meta({ id: 'SendToStorageLocations' });

const tags = ['Send to storage'];

export const sendToStorageRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/send-to-storage',
  operationId: 'sendItemToStorage',
  summary:
    "Copy the item's high resolution (its current version's original) as a file to an export storage location; " +
    'the item keeps it. The copy is verified by SHA-256 and never overwrites a file. Poll GET on this path',
  tags,
  params: ZIdParams,
  body: ZSendToStorageBody,
  response: ZSendToStorageStatus,
  successStatus: 202,
  handler: async ({ params, body }, { services, principal }) =>
    services.sendToStorage.send(principal.actor, params.id, body.storageId),
});

export const listSendToStorageRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/send-to-storage',
  operationId: 'listItemSendsToStorage',
  summary: "The item's sends to storage, newest first: the latest to each location, with progress or the outcome",
  tags,
  params: ZIdParams,
  response: ZSendToStorageList,
  handler: async ({ params }, { services, principal }) => ({
    sends: await services.sendToStorage.list(principal.actor, params.id),
  }),
});

export const sendToStorageLocationsRoute = defineRoute({
  method: 'GET',
  path: '/send-to-storage/locations',
  operationId: 'listSendToStorageLocations',
  summary: "The tenant's storage locations items may be sent to (export locations, never the archive)",
  tags,
  response: ZSendToStorageLocations,
  handler: async (_input, { services, principal }) => ({
    locations: await services.sendToStorage.locations(principal.actor),
  }),
});

export const sendToStorageRoutes = [
  sendToStorageRoute,
  listSendToStorageRoute,
  sendToStorageLocationsRoute,
] as unknown as RestRoute[];
