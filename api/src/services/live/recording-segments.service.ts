import { AppError, can, canView, parseMediaPlaylist } from '@mam/core';
import { LIVE_HIGHRES_DIR, LIVE_PROXY_PLAYLIST } from '@mam/workers';
import type { AuthedActor } from '../actor.service';
import { mediaUrl, versionMediaPrefix } from '../items/item-view';
import type { ServiceDeps } from '../service-deps';
import type { StorageService } from '../storage.service';

export const recordingStreams = ['highres', 'proxy'] as const;
export type TRecordingStream = (typeof recordingStreams)[number];

export interface TRecordingSegments {
  stream: TRecordingStream;
  /** In recording order; each URL is fetched with the same session or API key. */
  segments: Array<{ index: number; url: string; durationSeconds: number | null }>;
  /** False while the recording runs: more segments will come. */
  complete: boolean;
}

/**
 * The segments of a recording (spec section 7: live recordings downloaded as high-res or proxy streams assembled
 * from segments), also while it records. The high res needs downloadMedia, as the original does.
 */
export function createRecordingSegmentService(deps: ServiceDeps, storages: StorageService) {
  const { repos } = deps;

  return {
    async list(actor: AuthedActor, itemId: string, stream: TRecordingStream): Promise<TRecordingSegments> {
      const found = await repos.items.findWithVersion(actor.tenantId, itemId);
      if (!found || !canView(actor, found.item) || !found.version) throw new AppError('NOT_FOUND');
      if (stream !== 'proxy' && !can(actor, 'downloadMedia')) {
        throw new AppError('FORBIDDEN', { params: { permission: 'downloadMedia' } });
      }
      const { item, version } = found;
      const recording = item.itemType === 'live';
      if (!version.generatedStorageId) return { stream, segments: [], complete: !recording };
      const storage = await storages.resolve(actor.tenantId, version.generatedStorageId);
      const prefix = versionMediaPrefix(actor.tenantId, item.id, version.id);
      if (stream === 'proxy') {
        const stored = await storage.get(`${prefix}/${LIVE_PROXY_PLAYLIST}`).catch(() => null);
        if (!stored) return { stream, segments: [], complete: !recording };
        const chunks: Buffer[] = [];
        for await (const chunk of stored.body) chunks.push(chunk as Buffer);
        const playlist = parseMediaPlaylist(Buffer.concat(chunks).toString('utf8'));
        const folder = LIVE_PROXY_PLAYLIST.slice(0, LIVE_PROXY_PLAYLIST.lastIndexOf('/'));
        return {
          stream,
          segments: playlist.segments.map((segment, index) => ({
            index,
            url: mediaUrl(item.id, `${folder}/${segment.uri}`),
            durationSeconds: segment.durationSeconds,
          })),
          complete: playlist.ended && !recording,
        };
      }
      const listed = await storage.list(`${prefix}/${LIVE_HIGHRES_DIR}/`);
      const names = listed.map((entry) => entry.key.slice(entry.key.lastIndexOf('/') + 1)).sort();
      return {
        stream,
        segments: names.map((name, index) => ({
          index,
          url: mediaUrl(item.id, `${LIVE_HIGHRES_DIR}/${name}`),
          durationSeconds: null,
        })),
        complete: !recording,
      };
    },
  };
}

export type RecordingSegmentService = ReturnType<typeof createRecordingSegmentService>;
