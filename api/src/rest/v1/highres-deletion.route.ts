import { HIGHRES_DELETION_STATES, ZHighresDeletionWhen } from '@mam/core';
import { z } from 'zod';
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

export const highresDeletionRoutes = [
  getHighresDeletionRoute,
  scheduleHighresDeletionRoute,
  unscheduleHighresDeletionRoute,
] as unknown as RestRoute[];
