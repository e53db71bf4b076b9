import { ZStartTimecode } from '@mam/core';
import { schema } from '@mam/db';
import { z } from 'zod';
import { sendStored } from '../../http/media.routes';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZRenderParams = z.object({ renderId: z.uuid() });

export const ZRender = z
  .object({
    id: z.uuid(),
    sequenceId: z.uuid().describe('The sequence item rendered'),
    placeholderItemId: z.uuid().describe('The item the render fills; it is processed like an upload afterwards'),
    presetId: z.uuid(),
    presetName: z.string().describe('The preset’s name when the render was asked for'),
    state: z
      .enum(schema.renderStates)
      .describe(
        'queued → rendering → processing (the placeholder’s proxy, HLS, thumbnails) → done; or failed, cancelled',
      ),
    progress: z.number().min(0).max(1).describe('Of the render itself, 0..1'),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Render' });

export const startRenderRoute = defineRoute({
  method: 'POST',
  path: '/sequences/:id/render',
  operationId: 'renderSequence',
  summary:
    'Render a sequence centrally (permission exportSequence, and create and upload in its folder): a placeholder ' +
    'item titled after the sequence is created at once in its folder and the render fills it',
  tags: ['Renders'],
  params: z.object({ id: z.uuid() }),
  body: z
    .object({
      presetId: z.uuid().optional().describe('Default: the tenant’s default preset'),
      startTimecode: ZStartTimecode.optional().describe(
        'The output’s first timecode (HH:MM:SS:FF, ; before frames for drop-frame) instead of the preset’s; only where the preset allows it (else 400 RENDER_START_TIMECODE_FIXED)',
      ),
    })
    .optional()
    .default({}),
  response: z.object({ renderId: z.uuid(), placeholderItemId: z.uuid() }),
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.centralRenders.start(principal.actor, params.id, body.presetId, restMeta(request), {
      startTimecode: body.startTimecode,
    }),
});

export const getRenderRoute = defineRoute({
  method: 'GET',
  path: '/renders/:renderId',
  operationId: 'getRender',
  summary: 'A central render with its state and progress',
  tags: ['Renders'],
  params: ZRenderParams,
  response: ZRender,
  handler: async ({ params }, { services, principal }) => services.centralRenders.get(principal.actor, params.renderId),
});

export const cancelRenderRoute = defineRoute({
  method: 'POST',
  path: '/renders/:renderId/cancel',
  operationId: 'cancelRender',
  summary:
    'Cancel a running central render (its requester, permission placeholder, or an administrator); a render that ' +
    'has ended answers 404 CENTRAL_RENDER_NOT_FOUND',
  tags: ['Renders'],
  params: ZRenderParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) =>
    services.centralRenders.cancel(principal.actor, params.renderId, restMeta(request)),
});

export const downloadRenderRoute = defineRoute({
  method: 'GET',
  path: '/renders/:renderId/download',
  operationId: 'downloadRender',
  summary:
    'The rendered file (permission downloadMedia), with Range support; 409 SEQUENCE_DOWNLOAD_FAILED until the ' +
    'render is done',
  tags: ['Renders'],
  params: ZRenderParams,
  produces: 'application/octet-stream',
  response: z.string().meta({ format: 'binary' }),
  streams: true,
  consoleLink: true,
  handler: async ({ params }, { services, principal, request, reply }) => {
    const file = await services.centralRenders.download(principal.actor, params.renderId);
    const storage = await services.storages.resolve(principal.tenant.id, file.storageId);
    await sendStored(request, reply, storage, file.key, file.fileName, true);
    return '';
  },
});

export const mergeMediaRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/merge-media',
  operationId: 'mergeMediaIntoPlaceholder',
  summary:
    'Copy an item’s original into a placeholder item as its new version and process it (permission placeholder); ' +
    'a failure answers COPY_MEDIA_FAILED',
  tags: ['Renders'],
  params: z.object({ id: z.uuid() }),
  body: z.object({ sourceItemId: z.uuid().describe('The item whose original is copied') }),
  response: z.object({ itemId: z.uuid(), versionId: z.uuid() }),
  successStatus: 202,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.centralRenderMerge.mergeMedia(principal.actor, params.id, body.sourceItemId, restMeta(request)),
});

export const renderRoutes = [
  startRenderRoute,
  getRenderRoute,
  cancelRenderRoute,
  downloadRenderRoute,
  mergeMediaRoute,
] as unknown as RestRoute[];
