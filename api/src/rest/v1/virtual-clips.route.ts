import { ITEM_TITLE_MAX_LENGTH } from '@mam/core';
import { z } from 'zod';
import { ZFrame } from '../../trpc/procedures/sequences/sequence-clip.schema';
import { defineRoute, type RestRoute } from '../rest-route';
import { restItem, ZItem } from './items-library.route';
import { restMeta } from './rest-meta';

export const createVirtualClipRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/virtual-clips',
  operationId: 'createVirtualClip',
  summary:
    'Save a range of a video item as an item of its own without copying media (permission virtualClip or subclip)',
  tags: ['Items'],
  params: z.object({ id: z.uuid() }),
  body: z.object({
    title: z.string().trim().min(1).max(ITEM_TITLE_MAX_LENGTH),
    inFrame: ZFrame.describe("From the media's first frame (of the virtual clip's range, when the item is one)"),
    outFrame: ZFrame.describe('Exclusive'),
  }),
  response: ZItem,
  successStatus: 201,
  handler: async ({ params, body }, { services, principal, request }) =>
    restItem(await services.virtualClips.create(principal.actor, params.id, body, restMeta(request))),
});

export const virtualClipRoutes = [createVirtualClipRoute] as unknown as RestRoute[];
