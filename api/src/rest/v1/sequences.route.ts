import { ITEM_TITLE_MAX_LENGTH } from '@mam/core';
import { z } from 'zod';
import { ZSequenceClips } from '../../trpc/procedures/sequences/sequence-clip.schema';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });
const ZTitle = z.string().trim().min(1).max(ITEM_TITLE_MAX_LENGTH);

const ZClipsBody = ZSequenceClips.describe(
  'The clips in play order: { itemId, inFrame, outFrame } with frames counted from the media’s first frame ' +
    '(outFrame exclusive), or { itemId, in, out } as timecodes in the source’s own timecode (out exclusive). ' +
    'Every item must be a video of this tenant (a virtual clip stands for its range of its source); a bad clip ' +
    'refuses the request and nothing is stored.',
);

export const ZSequenceClipView = z
  .object({
    index: z.number().int().describe('Position in the sequence, from 0'),
    itemId: z.uuid().describe('The source video item'),
    inFrame: z.number().int(),
    outFrame: z.number().int().describe('Exclusive'),
    title: z.string().describe('The source’s title'),
    frameRate: z.string().describe("The source's rate, 'num/den'"),
    sourceTimecodeStart: z.string().describe("The source media's first timecode; '00:00:00:00' when it has none"),
    sourceFrames: z.number().int().describe('Frames of the whole source'),
  })
  .meta({ id: 'SequenceClip' });

export const ZSequence = z
  .object({
    id: z.uuid().describe('The sequence item’s id (GET /items/{id} reads it as an item)'),
    tenantId: z.uuid(),
    title: z.string(),
    folderId: z.uuid().nullable(),
    frameRate: z.string().nullable().describe("The first clip's rate; null without clips"),
    clips: z.array(ZSequenceClipView),
    totalFrames: z.number().int(),
  })
  .meta({ id: 'Sequence' });

export const createSequenceRoute = defineRoute({
  method: 'POST',
  path: '/sequences',
  operationId: 'createSequence',
  summary: 'Create a sequence (clip list) item from ranges of video items (permission cutter; create implies it)',
  tags: ['Sequences'],
  body: z.object({
    title: ZTitle,
    folderId: z.uuid().nullish().describe('Default: the key user’s upload folder'),
    clips: ZClipsBody,
  }),
  response: ZSequence,
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) => {
    const { id } = await services.sequences.create(principal.actor, body, restMeta(request));
    return services.sequences.get(principal.actor, id);
  },
});

export const getSequenceRoute = defineRoute({
  method: 'GET',
  path: '/sequences/:id',
  operationId: 'getSequence',
  summary: 'A sequence with its clips and what they need of their sources',
  tags: ['Sequences'],
  params: ZIdParams,
  response: ZSequence,
  handler: async ({ params }, { services, principal }) => services.sequences.get(principal.actor, params.id),
});

export const updateSequenceRoute = defineRoute({
  method: 'PUT',
  path: '/sequences/:id',
  operationId: 'updateSequence',
  summary: "Change a sequence's title or replace its clips; fields left out stay as they are",
  tags: ['Sequences'],
  params: ZIdParams,
  body: z.object({ title: ZTitle.optional(), clips: ZClipsBody.optional() }),
  response: ZSequence,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.sequences.update(principal.actor, params.id, body, restMeta(request)),
});

export const sequenceRoutes = [createSequenceRoute, getSequenceRoute, updateSequenceRoute] as unknown as RestRoute[];
