import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZItemParams = z.object({ id: z.uuid() });
const ZEntryParams = z.object({ id: z.uuid(), entryId: z.uuid() });
const ZTicks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).describe('Ticks of 1/12800 s');
const ZValues = z.record(z.string(), z.unknown()).describe('Values by fieldId, checked by the form');

export const ZLogEntry = z
  .object({
    id: z.uuid(),
    itemId: z.uuid(),
    formId: z.uuid(),
    formKey: z.string(),
    formLabel: z.string(),
    color: z.string().nullable(),
    tcIn: z.number().describe('Ticks of 1/12800 s from the media start'),
    tcOut: z.number().nullable().describe('Set for a range; after tcIn'),
    values: z.record(z.string(), z.unknown()),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LogEntry' });

export const listLogEntriesRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/log-entries',
  operationId: 'listLogEntries',
  summary: "The item's timed metadata (log entries) by timecode",
  tags: ['Logging'],
  params: ZItemParams,
  response: z.object({ entries: z.array(ZLogEntry) }),
  handler: async ({ params }, { services, principal }) => {
    const { entries } = await services.logEntries.list(principal.actor, params.id);
    return { entries };
  },
});

export const createLogEntryRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/log-entries',
  operationId: 'createLogEntry',
  summary: 'Log a marker (tcIn) or a range (tcIn, tcOut) with the values of a timed metadata form',
  tags: ['Logging'],
  params: ZItemParams,
  body: z.object({
    formId: z.string().trim().min(1).max(100).describe("The form's id or key"),
    tcIn: ZTicks,
    tcOut: ZTicks.nullable().optional(),
    values: ZValues.optional(),
  }),
  response: ZLogEntry,
  successStatus: 201,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.logEntries.create(principal.actor, { ...body, itemId: params.id }, restMeta(request)),
});

export const updateLogEntryRoute = defineRoute({
  method: 'PATCH',
  path: '/items/:id/log-entries/:entryId',
  operationId: 'updateLogEntry',
  summary: "Change a log entry's timecode or values",
  tags: ['Logging'],
  params: ZEntryParams,
  body: z.object({ tcIn: ZTicks.optional(), tcOut: ZTicks.nullable().optional(), values: ZValues.optional() }),
  response: ZLogEntry,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.logEntries.update(principal.actor, { ...body, id: params.entryId, itemId: params.id }, restMeta(request)),
});

export const deleteLogEntryRoute = defineRoute({
  method: 'DELETE',
  path: '/items/:id/log-entries/:entryId',
  operationId: 'deleteLogEntry',
  summary: 'Delete a log entry',
  tags: ['Logging'],
  params: ZEntryParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.logEntries.delete(principal.actor, params.entryId, restMeta(request), params.id);
    return { ok: true as const };
  },
});

export const logEntryRoutes = [
  listLogEntriesRoute,
  createLogEntryRoute,
  updateLogEntryRoute,
  deleteLogEntryRoute,
] as unknown as RestRoute[];
