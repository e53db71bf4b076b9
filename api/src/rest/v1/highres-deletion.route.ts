import { HIGHRES_DELETION_STATES, MAX_HIGHRES_DELETION_DAYS, ZHighresDeletionWhen } from '@mam/core';
import { z } from 'zod';
import { MAX_BULK_ITEMS } from '../../services/bulk/bulk-items';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZItemParams = z.object({ id: z.uuid() });

export const ZHighresDeletionView = z
  .object({
    itemId: z.uuid(),
    at: z.string().describe('When the high resolution is (or was) deleted'),
    state: z.enum(HIGHRES_DELETION_STATES),
    requestedBy: z.uuid().nullable().describe('The user who scheduled it'),
    updatedAt: z.string(),
  })
  .meta({ id: 'HighresDeletion' });

const ZWhenBody = ZHighresDeletionWhen.meta({
  id: 'HighresDeletionWhen',
  description: 'A moment ahead (`at`, ISO 8601) or a whole number of days after the item was ingested (`afterDays`)',
});

export const getHighresDeletionRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/highres-deletion',
  operationId: 'getHighresDeletion',
  summary: "The item's high-resolution deletion schedule; null when none was ever made",
  tags: ['Items'],
  params: ZItemParams,
  response: z.object({ schedule: ZHighresDeletionView.nullable() }),
  handler: async ({ params }, { services, principal }) => ({
    schedule: await services.highresDeletions.get(principal.actor, params.id),
  }),
});

export const scheduleHighresDeletionRoute = defineRoute({
  method: 'PUT',
  path: '/items/:id/highres-deletion',
  operationId: 'scheduleHighresDeletion',
  summary:
    "Schedule (or move) the deletion of the item's high resolution: the originals of every version; proxies, metadata and comments stay",
  tags: ['Items'],
  params: ZItemParams,
  body: ZWhenBody,
  response: ZHighresDeletionView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.highresDeletions.schedule(principal.actor, params.id, body, restMeta(request)),
});

export const unscheduleHighresDeletionRoute = defineRoute({
  method: 'DELETE',
  path: '/items/:id/highres-deletion',
  operationId: 'unscheduleHighresDeletion',
  summary:
    "Unschedule the deletion of the item's high resolution; refused (409) once it is deleted or being deleted, or when the item has no high resolution or no media",
  tags: ['Items'],
  params: ZItemParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.highresDeletions.unschedule(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

const ZItemIds = z.array(z.uuid()).min(1).max(MAX_BULK_ITEMS).describe(`At most ${MAX_BULK_ITEMS} items`);

const ZBulkScheduleBody = z
  .union([
    z.object({ itemIds: ZItemIds, at: z.iso.datetime({ offset: true }) }).strict(),
    z.object({ itemIds: ZItemIds, afterDays: z.number().int().min(0).max(MAX_HIGHRES_DELETION_DAYS) }).strict(),
  ])
  .meta({
    id: 'BulkHighresDeletionInput',
    description:
      'The items, and a moment ahead (`at`, ISO 8601) or a whole number of days after each item was ingested',
  });

const ZBulkResult = (id: string, done: z.ZodObject) =>
  z
    .object({
      results: z.array(
        z.union([
          done.extend({ itemId: z.string(), ok: z.literal(true) }),
          z.object({
            itemId: z.string(),
            ok: z.literal(false),
            code: z.string().describe('Why this item was refused: an error code'),
            message: z.string(),
          }),
        ]),
      ),
    })
    .meta({ id });

export const scheduleHighresDeletionsRoute = defineRoute({
  method: 'PUT',
  path: '/items/highres-deletion',
  operationId: 'scheduleHighresDeletions',
  summary:
    "Schedule (or move) the deletion of a selection of items' high resolution; each item says whether it was scheduled or why not",
  tags: ['Items'],
  body: ZBulkScheduleBody,
  response: ZBulkResult('BulkHighresDeletionResult', z.object({ at: z.string().describe('When it is deleted') })),
  handler: async ({ body }, { services, principal, request }) => {
    const { itemIds, ...when } = body;
    return services.highresDeletions.scheduleMany(principal.actor, itemIds, when, restMeta(request));
  },
});

export const unscheduleHighresDeletionsRoute = defineRoute({
  method: 'POST',
  path: '/items/highres-deletion/unschedule',
  operationId: 'unscheduleHighresDeletions',
  summary:
    "Unschedule the deletion of a selection of items' high resolution; each item says whether it was unscheduled or why not",
  tags: ['Items'],
  body: z.object({ itemIds: ZItemIds }).meta({ id: 'BulkHighresUnscheduleInput' }),
  response: ZBulkResult('BulkHighresUnscheduleResult', z.object({})),
  handler: async ({ body }, { services, principal, request }) =>
    services.highresDeletions.unscheduleMany(principal.actor, body.itemIds, restMeta(request)),
});

export const highresDeletionRoutes = [
  scheduleHighresDeletionsRoute,
  unscheduleHighresDeletionsRoute,
  getHighresDeletionRoute,
  scheduleHighresDeletionRoute,
  unscheduleHighresDeletionRoute,
] as unknown as RestRoute[];
