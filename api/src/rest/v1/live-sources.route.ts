import { liveSourceModes, liveSourceTypes, ZLiveSourceInput, ZLiveSourcePipeline } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZSourceParams = z.object({ id: z.uuid() });

export const ZLiveSourceView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(liveSourceTypes),
    mode: z.enum(liveSourceModes).describe('caller/pull: the server connects out; listener/push: it receives'),
    location: z.string().describe('The address pulled from, or the local address and port the server receives on'),
    cidr: z.array(z.string()).describe('Push sources: the ranges senders must push from'),
    credentialsSet: z
      .object({ passphrase: z.boolean(), streamKey: z.boolean(), username: z.boolean(), password: z.boolean() })
      .describe('Which secrets are stored; their values are never returned'),
    pipeline: ZLiveSourcePipeline,
    folderId: z.uuid().nullable(),
    ingestUrl: z.string().nullable().describe('Listener and push sources: where encoders send the feed'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LiveSource' });

const ZSourceBody = ZLiveSourceInput.meta({ id: 'LiveSourceInput' });

export const listLiveSourcesRoute = defineRoute({
  method: 'GET',
  path: '/live-sources',
  operationId: 'listLiveSources',
  summary: 'The organisation’s live sources (tenant administrators and users who record)',
  tags: ['Live sources'],
  response: z.object({ sources: z.array(ZLiveSourceView) }),
  handler: async (_input, { services, principal }) => ({ sources: await services.liveSources.list(principal.actor) }),
});

export const getLiveSourceRoute = defineRoute({
  method: 'GET',
  path: '/live-sources/:id',
  operationId: 'getLiveSource',
  summary: 'One live source',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: ZLiveSourceView,
  handler: async ({ params }, { services, principal }) => services.liveSources.view(principal.actor, params.id),
});

export const createLiveSourceRoute = defineRoute({
  method: 'POST',
  path: '/live-sources',
  operationId: 'createLiveSource',
  summary: 'Add a live source (tenant administrators); push and listener types answer with their ingestUrl',
  tags: ['Live sources'],
  body: ZSourceBody,
  response: ZLiveSourceView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.liveSources.create(principal.actor, body, restMeta(request)),
});

export const updateLiveSourceRoute = defineRoute({
  method: 'PUT',
  path: '/live-sources/:id',
  operationId: 'updateLiveSource',
  summary: 'Replace a live source (tenant administrators); credentials left out are kept, null removes them',
  tags: ['Live sources'],
  params: ZSourceParams,
  body: ZSourceBody,
  response: ZLiveSourceView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.liveSources.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteLiveSourceRoute = defineRoute({
  method: 'DELETE',
  path: '/live-sources/:id',
  operationId: 'deleteLiveSource',
  summary: 'Delete a live source (tenant administrators)',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.liveSources.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const liveSourceStatusRoute = defineRoute({
  method: 'GET',
  path: '/live-sources/:id/status',
  operationId: 'getLiveSourceStatus',
  summary:
    'Probes the source (answers are shared for a few seconds): ready, recording or offline, its input and picture',
  tags: ['Live sources'],
  params: ZSourceParams,
  response: z
    .object({
      state: z.enum(['ready', 'recording', 'offline']),
      input: z
        .object({
          videoCodec: z.string().nullable(),
          width: z.number().nullable(),
          height: z.number().nullable(),
          frameRate: z.string().nullable(),
          audioCodec: z.string().nullable(),
          audioChannels: z.number().nullable(),
          bitRate: z.number().nullable(),
        })
        .nullable(),
      thumbnail: z.string().nullable().describe('The current picture as a JPEG data URL'),
      checkedAt: z.string(),
    })
    .meta({ id: 'LiveSourceStatus' }),
  handler: async ({ params }, { services, principal }) => services.liveSourceMonitor.status(principal.actor, params.id),
});

export const liveSourceRoutes = [
  liveSourceStatusRoute,
  listLiveSourcesRoute,
  getLiveSourceRoute,
  createLiveSourceRoute,
  updateLiveSourceRoute,
  deleteLiveSourceRoute,
] as unknown as RestRoute[];
