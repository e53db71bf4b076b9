import { renderPresetCapabilities, ZRenderPresetInput, ZRenderPresetSettings } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZPresetParams = z.object({ id: z.uuid() });

export const ZRenderPresetView = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    name: z.string(),
    hidden: z.boolean().describe('Hidden presets are left out of the lists people choose from'),
    fallbackPresetId: z.uuid().nullable().describe('Renders with this preset when the sources do not suit it'),
    startTimecode: z.string().describe("The output's first timecode, HH:MM:SS:FF (';' before frames: drop-frame)"),
    overrideStartTimecode: z.boolean().describe('A render request may name its own start timecode'),
    capabilities: z.array(z.enum(renderPresetCapabilities)),
    isDefault: z.boolean().describe('Renders that name no preset use this one'),
    isSubclipPreset: z.boolean().describe('Subclips are made with this preset'),
    settings: ZRenderPresetSettings,
    updatedAt: z.string(),
  })
  .meta({ id: 'RenderPreset' });

const ZPresetBody = ZRenderPresetInput.meta({ id: 'RenderPresetInput' });

export const listRenderPresetsRoute = defineRoute({
  method: 'GET',
  path: '/render-presets',
  operationId: 'listRenderPresets',
  summary: 'The render presets a sequence can be rendered with (administrators also see hidden ones)',
  tags: ['Render presets'],
  response: z.object({ presets: z.array(ZRenderPresetView) }),
  handler: async (_input, { services, principal }) => ({
    presets: await services.renderPresets.list(principal.actor),
  }),
});

export const getRenderPresetRoute = defineRoute({
  method: 'GET',
  path: '/render-presets/:id',
  operationId: 'getRenderPreset',
  summary: 'One render preset',
  tags: ['Render presets'],
  params: ZPresetParams,
  response: ZRenderPresetView,
  handler: async ({ params }, { services, principal }) => services.renderPresets.get(principal.actor, params.id),
});

export const createRenderPresetRoute = defineRoute({
  method: 'POST',
  path: '/render-presets',
  operationId: 'createRenderPreset',
  summary: 'Add a render preset (tenant administrators); the first one becomes the default',
  tags: ['Render presets'],
  body: ZPresetBody,
  response: ZRenderPresetView,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.renderPresets.create(principal.actor, body, restMeta(request)),
});

export const updateRenderPresetRoute = defineRoute({
  method: 'PUT',
  path: '/render-presets/:id',
  operationId: 'updateRenderPreset',
  summary: 'Replace a render preset’s settings (tenant administrators)',
  tags: ['Render presets'],
  params: ZPresetParams,
  body: ZPresetBody,
  response: ZRenderPresetView,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.renderPresets.update(principal.actor, params.id, body, restMeta(request)),
});

export const deleteRenderPresetRoute = defineRoute({
  method: 'DELETE',
  path: '/render-presets/:id',
  operationId: 'deleteRenderPreset',
  summary:
    'Delete a render preset (tenant administrators); refused while another preset falls back to it, subclips or a live source use it, or it is the default',
  tags: ['Render presets'],
  params: ZPresetParams,
  response: z.object({ ok: z.literal(true) }),
  handler: async ({ params }, { services, principal, request }) => {
    await services.renderPresets.delete(principal.actor, params.id, restMeta(request));
    return { ok: true as const };
  },
});

export const renderPresetRoutes = [
  listRenderPresetsRoute,
  getRenderPresetRoute,
  createRenderPresetRoute,
  updateRenderPresetRoute,
  deleteRenderPresetRoute,
] as unknown as RestRoute[];
