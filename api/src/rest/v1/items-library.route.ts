import {
  accessLevels,
  approvalStatuses,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_TITLE_MAX_LENGTH,
  mediaItemTypes,
  playbackKinds,
  processStates,
} from '@mam/core';
import { z } from 'zod';
import type { TItemView } from '../../services/items/item-view';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';
import { ZSequenceClipView } from './sequences.route';
import { ZArchiveFileTransfer } from './archive.route';

const ZIdParams = z.object({ id: z.uuid() });

const ZApproval = z
  .object({
    status: z.enum(approvalStatuses),
    setBy: z.string().nullable().describe('The user who set the status; null until someone sets it'),
    setAt: z.string().nullable(),
  })
  .meta({ id: 'ItemApproval' });

const ZPlayback = z
  .object({
    url: z.string().describe('A path on this server, fetched with the same API key; supports Range requests'),
    kind: z
      .enum(playbackKinds)
      .describe(
        "'proxy': the finished proxy (HLS master playlist, else the MP4); 'growing': an HLS EVENT playlist still " +
          "being written while the transcode runs (poll the item; it becomes 'proxy'); 'original': the stored " +
          'original, which browsers play as it is (offered to keys with the downloadMedia permission)',
      ),
    range: z
      .object({
        inFrame: z.number().int(),
        outFrame: z.number().int().describe('Exclusive'),
        startSeconds: z.number().describe('Where playing starts, in seconds of the media'),
        durationSeconds: z.number().describe('How long it plays; players stop at the out point and show no more'),
        timecodeIn: z.string().describe("The source's timecode of the first frame; labels count from it"),
      })
      .optional()
      .describe("A virtual clip's range of the media: play only this part of the url"),
  })
  .nullable()
  .describe('What to play now, best first: proxy, growing HLS, browser-playable original; null when nothing plays yet')
  .meta({ id: 'ItemPlayback' });

const ZItemAccess = z.object({ level: z.enum(accessLevels), groups: z.array(z.string()) });

export const ZItemProcess = z
  .object({
    state: z.enum(processStates),
    error: z.string().nullable(),
    enabled: z.boolean(),
    progress: z.number().describe('0..100 while PROGRESSING'),
    step: z.string().nullable(),
  })
  .meta({ id: 'ItemProcess' });

export const ZUploadProgress = z
  .object({
    state: z.enum(processStates),
    receivedBytes: z.number(),
    totalBytes: z.number().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'UploadProgress' });

const ZItemVideoTechnical = z
  .object({
    codec: z.string(),
    profile: z.string().nullable(),
    pixelFormat: z.string().nullable(),
    bitDepth: z.number().int().nullable(),
    scanType: z.enum(['progressive', 'interlaced']).nullable(),
    fieldOrder: z.enum(['progressive', 'tff', 'bff']).nullable().describe('Display order of the fields'),
    colourSpace: z.string().nullable().describe("ffprobe's matrix name, e.g. 'bt709', 'bt2020nc'"),
    colourPrimaries: z.string().nullable(),
    colourTransfer: z.string().nullable().describe("e.g. 'bt709', 'smpte2084' (PQ), 'arib-std-b67' (HLG)"),
    colourRange: z.string().nullable().describe("'tv' (limited) or 'pc' (full)"),
    hdr: z.enum(['PQ', 'HLG']).nullable(),
  })
  .meta({ id: 'ItemVideoTechnical' });

const ZItemAudioTrack = z
  .object({
    index: z.number().int().describe("ffmpeg's stream index in the file"),
    codec: z.string(),
    sampleRate: z.number(),
    bitDepth: z.number().int().nullable(),
    channels: z.number().int(),
    layout: z.string().nullable(),
    levels: z
      .array(z.object({ peakDb: z.number().nullable(), rmsDb: z.number().nullable() }))
      .nullable()
      .describe('Per channel over the whole track, dBFS; null is digital silence'),
  })
  .meta({ id: 'ItemAudioTrack' });

export const ZItemMedia = z
  .object({
    durationSeconds: z.number().nullable(),
    frameRate: z.string().nullable().describe("'num/den', e.g. '50/1'"),
    width: z.number().nullable(),
    height: z.number().nullable(),
    videoCodec: z.string().nullable(),
    audioCodec: z.string().nullable(),
    audioChannels: z.number().nullable(),
    sampleRate: z.number().nullable(),
    container: z.string().nullable(),
    mimeType: z.string().nullable(),
    bitRate: z.number().nullable(),
    timecodeStart: z.string().nullable(),
    video: ZItemVideoTechnical.nullable().optional().describe('Absent on versions probed before it was recorded'),
    audioTracks: z
      .array(ZItemAudioTrack)
      .optional()
      .describe('Every audio stream in file order; absent on versions probed before it was recorded'),
    segmentCount: z.number().nullable(),
    segmentDuration: z.object({ numerator: z.number(), denominator: z.number() }).nullable(),
  })
  .meta({ id: 'ItemMedia' });

export const ZItem = z
  .object({
    id: z.uuid(),
    itemType: z.enum(mediaItemTypes),
    title: z.string(),
    description: z.string(),
    folderId: z.uuid().nullable(),
    createdBy: z.string().nullable(),
    owner: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().nullable().describe('Set while the item is in the recycle bin'),
    isArchived: z.boolean().describe('The high resolution is in an archive location; proxies stay online'),
    archiveFileTransfer: ZArchiveFileTransfer.nullable().describe(
      'The last archive or unarchive of the high resolution; null when there was none',
    ),
    visibleTo: ZItemAccess.nullable(),
    updatableBy: ZItemAccess.nullable(),
    approval: ZApproval,
    version: z
      .object({
        id: z.uuid(),
        number: z.number().int(),
        fileName: z.string(),
        fileSize: z.number().nullable(),
        sha256: z
          .string()
          .nullable()
          .describe('SHA-256 of the original as stored, lowercase hex, computed on ingest; null until then'),
      })
      .nullable()
      .describe('The leading version'),
    upload: ZUploadProgress.nullable(),
    transcoding: ZItemProcess.nullable(),
    media: ZItemMedia.nullable(),
    resolvedThumbnailUrl: z.string().nullable(),
    proxy: z
      .object({ hls: z.string().nullable(), mp4: z.string().nullable() })
      .describe('The playable proxy: HLS master playlist and fast-start MP4 (paths on this server, same API key)'),
    thumbnail: z.string().nullable(),
    urls: z.object({
      hls: z.string().nullable(),
      mp4: z.string().nullable(),
      thumbnail: z.string().nullable(),
      filmstrip: z.object({ sprite: z.string(), manifest: z.string() }).nullable(),
      waveform: z.string().nullable(),
      previews: z.array(z.object({ width: z.number(), height: z.number(), format: z.string(), url: z.string() })),
      original: z.string().nullable(),
    }),
    playback: ZPlayback,
    sequence: z
      .object({ frameRate: z.string().nullable(), clips: z.array(ZSequenceClipView), totalFrames: z.number().int() })
      .optional()
      .describe("A sequence item's clips in play order (GET /sequences/{id} reads the same); absent on other items"),
    virtualClip: z
      .object({ sourceItemId: z.uuid(), inFrame: z.number().int(), outFrame: z.number().int() })
      .optional()
      .describe(
        "A virtual clip's range of its source item (outFrame exclusive); its media and playback are the source's, " +
          'to be played from inFrame to outFrame. Absent on other items',
      ),
  })
  .meta({ id: 'Item' });

type TRestItem = z.infer<typeof ZItem>;

/** The view types access levels as plain strings; they come from storage typed by the same enum. */
export function restItem(view: TItemView): TRestItem {
  return {
    ...(view as Omit<TRestItem, 'proxy' | 'thumbnail'>),
    proxy: { hls: view.urls.hls, mp4: view.urls.mp4 },
    thumbnail: view.urls.thumbnail,
  };
}

const ZOk = z.object({ ok: z.literal(true) });

/** A page of a folder's items: the folder (the root when none is given), and where the previous page ended. */
export const ZItemPageQuery = z.object({
  folderId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional().describe('nextCursor of the previous page'),
});
export const ZItemPage = z
  .object({ items: z.array(ZItem), nextCursor: z.string().nullable() })
  .meta({ id: 'ItemPage' });

export const listItemsRoute = defineRoute({
  method: 'GET',
  path: '/items',
  operationId: 'listItems',
  summary: "A folder's items the key may see, newest first (the tenant root folder when no folderId is given)",
  tags: ['Items'],
  query: ZItemPageQuery,
  response: ZItemPage,
  handler: async ({ query }, { services, principal }) => {
    const page = await services.itemLibrary.list(
      principal.actor,
      query as { folderId?: string; limit: number; cursor?: string },
    );
    return { items: page.items.map(restItem), nextCursor: page.nextCursor };
  },
});

export const getItemRoute = defineRoute({
  method: 'GET',
  path: '/items/:id',
  operationId: 'getItem',
  summary: 'One item with its leading version, its state and its media URLs',
  tags: ['Items'],
  params: ZIdParams,
  response: ZItem,
  handler: async ({ params }, { services, principal }) =>
    restItem(await services.itemLibrary.get(principal.actor, params.id)),
});

export const updateItemRoute = defineRoute({
  method: 'PATCH',
  path: '/items/:id',
  operationId: 'updateItem',
  summary: "Change an item's title or description",
  tags: ['Items'],
  params: ZIdParams,
  body: z.object({
    title: z.string().trim().min(1).max(ITEM_TITLE_MAX_LENGTH).optional(),
    description: z.string().max(ITEM_DESCRIPTION_MAX_LENGTH).optional(),
  }),
  response: ZItem,
  handler: async ({ params, body }, { services, principal, request }) =>
    restItem(await services.itemLibrary.update(principal.actor, params.id, body, restMeta(request))),
});

export const setItemApprovalRoute = defineRoute({
  method: 'PUT',
  path: '/items/:id/approval',
  operationId: 'setItemApproval',
  summary: "Set an item's approval status (permission approveItems; update access to the item)",
  tags: ['Items'],
  params: ZIdParams,
  body: z.object({ status: z.enum(approvalStatuses) }),
  response: ZItem,
  handler: async ({ params, body }, { services, principal, request }) =>
    restItem(await services.itemLibrary.setApproval(principal.actor, params.id, body.status, restMeta(request))),
});

export const moveItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/move',
  operationId: 'moveItem',
  summary: 'Move an item into another folder (permission move; update access to the item and the folder)',
  tags: ['Items'],
  params: ZIdParams,
  body: z.object({ folderId: z.uuid() }),
  response: ZItem,
  handler: async ({ params, body }, { services, principal, request }) => {
    await services.itemLibrary.move(
      principal.actor,
      { itemIds: [params.id], folderId: body.folderId },
      restMeta(request),
    );
    return restItem(await services.itemLibrary.get(principal.actor, params.id));
  },
});

export const deleteItemRoute = defineRoute({
  method: 'DELETE',
  path: '/items/:id',
  operationId: 'deleteItem',
  summary: 'Move an item to the recycle bin',
  tags: ['Items'],
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, { services, principal, request }) => {
    await services.itemLibrary.remove(principal.actor, [params.id], restMeta(request));
    return { ok: true as const };
  },
});

export const restoreItemRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/restore',
  operationId: 'restoreItem',
  summary: 'Restore an item from the recycle bin into its folder, or into the root folder when that is gone',
  tags: ['Items'],
  params: ZIdParams,
  // Not the item: creators may restore items they cannot see.
  response: z.object({ id: z.uuid(), folderId: z.uuid().describe('Where the item is now') }),
  handler: async ({ params }, { services, principal, request }) => {
    const { restored } = await services.itemLibrary.restore(principal.actor, [params.id], restMeta(request));
    return restored[0]!;
  },
});

export const purgeItemRoute = defineRoute({
  method: 'DELETE',
  path: '/items/:id/permanent',
  operationId: 'purgeItem',
  summary: 'Delete an item in the recycle bin permanently, with its media files',
  tags: ['Items'],
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, { services, principal, request }) => {
    await services.itemLibrary.purge(principal.actor, [params.id], restMeta(request));
    return { ok: true as const };
  },
});

export const itemLibraryRoutes = [
  listItemsRoute,
  getItemRoute,
  updateItemRoute,
  setItemApprovalRoute,
  moveItemRoute,
  deleteItemRoute,
  restoreItemRoute,
  purgeItemRoute,
] as unknown as RestRoute[];
