import { AppError, can, canView, isOriginalArchived, isUuid, isValidText } from '@mam/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { versionMediaPrefix } from '../services/items/item-view';
import { LIVE_HIGHRES_DIR } from '@mam/workers';
import { resolvePrincipal } from './request-principal';

const contentTypes: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mxf: 'application/mxf',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  json: 'application/json',
  vtt: 'text/vtt',
};

/** `bytes=start-end` (one range; suffix and open ranges too) → inclusive bounds, or null to send it all. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * A rendition path under the version folder from the route's wildcard (percent-decoded here): plain relative
 * segments only. Null for what can name no file: a stray '%', or NUL, which file systems and object stores refuse.
 */
export function safeRelativeKey(encoded: string): string | null {
  let raw: string;
  try {
    raw = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (!isValidText(raw)) return null;
  const parts = raw.split('/');
  if (parts.length === 0 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) return null;
  return parts.join('/');
}

const SEGMENT_EXTENSIONS = new Set(['ts', 'm4s', 'aac']);

/**
 * Playlists are fetched afresh: a growing (EVENT) one gains segments every few seconds and must never come from a
 * cache, a finished one may still be replaced by a reprocess. A segment does not change while its playlist grows or
 * plays, so it is not revalidated (immutable); a reprocess writes the same names again, so it is kept only an hour
 * like the other renditions.
 */
export function mediaCacheControl(extension: string, growing: boolean): string {
  if (extension === 'm3u8') return growing ? 'no-store' : 'private, no-cache';
  if (SEGMENT_EXTENSIONS.has(extension)) return 'private, max-age=3600, immutable';
  return 'private, max-age=3600';
}

/** The storage interface media are read through (a resolved storage location). */
type TMediaStorage = Awaited<ReturnType<Services['storages']['resolve']>>;

/**
 * Streams one stored file with its content type and Range support so players can seek; `attachment` makes the
 * browser save it. NOT_FOUND when the file is not there.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: TMediaStorage,
  key: string,
  fileName: string,
  attachment: boolean,
  growing = false,
) {
  const head = await storage.head(key);
  if (!head) throw new AppError('NOT_FOUND');
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  void reply.header('content-type', contentTypes[extension] ?? head.contentType ?? 'application/octet-stream');
  void reply.header('accept-ranges', 'bytes');
  void reply.header('cache-control', mediaCacheControl(extension, growing));
  if (attachment) {
    void reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  }
  const range = parseRange(request.headers.range, head.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${head.size}`).send();
  }
  if (request.method === 'HEAD') {
    return reply.header('content-length', String(head.size)).status(200).send();
  }
  if (range) {
    const { body } = await storage.get(key, range);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${head.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(body);
  }
  const { body } = await storage.get(key);
  return reply.header('content-length', String(head.size)).send(body);
}

/**
 * Media of an item (proxy, HLS, thumbnails, filmstrip, waveform, previews, the original) for whoever may see the
 * item, by session or API key. Streams from storage with Range support so players can seek.
 */
export async function mediaRoutes(app: FastifyInstance, options: { services: Services; apiKeyHeader: string }) {
  const { services } = options;

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const principal = await resolvePrincipal(request, services, options.apiKeyHeader);
    const { id, '*': rest } = request.params as { id: string; '*': string };
    const query = request.query as { version?: string; download?: string };
    const tenantId = principal.tenant.id;
    const item = isUuid(id) ? await services.deps.repos.items.findById(tenantId, id) : undefined;
    if (!item || !canView(principal.actor, item)) throw new AppError('NOT_FOUND');
    const versionId = query.version ?? item.leadingVersionId;
    const version =
      versionId && isUuid(versionId) ? await services.deps.repos.items.findVersion(tenantId, versionId) : undefined;
    // A virtual clip leads with its source's version and plays its files; no other item reads another's.
    if (!version || (version.itemId !== item.id && version.id !== item.leadingVersionId)) {
      throw new AppError('NOT_FOUND');
    }

    let storageId: string | null;
    let key: string;
    let fileName: string;
    if (rest === 'original') {
      if (!can(principal.actor, 'downloadMedia')) throw new AppError('FORBIDDEN');
      if (!version.originalKey) throw new AppError('ITEM_HAS_NO_MEDIA');
      // Proxies stay online when the high resolution goes to the archive; the original is read back by unarchiving.
      if (isOriginalArchived(item.isArchived, item.archiveTransfer, version.id)) {
        throw new AppError(item.itemType === 'image' ? 'NO_HIGH_RES_IMAGE' : 'NO_HIGH_RES_MEDIA');
      }
      storageId = version.storageId;
      key = version.originalKey;
      fileName = version.fileName;
    } else {
      const relative = safeRelativeKey(rest);
      if (!relative) throw new AppError('NOT_FOUND');
      // A recording's high res while it records is the original to be: the same permission reads it.
      if (relative.startsWith(`${LIVE_HIGHRES_DIR}/`) && !can(principal.actor, 'downloadMedia')) {
        throw new AppError('FORBIDDEN');
      }
      storageId = version.generatedStorageId;
      key = `${versionMediaPrefix(tenantId, version.itemId, version.id)}/${relative}`;
      fileName = relative.split('/').pop()!;
    }
    if (!storageId) throw new AppError('NOT_FOUND');
    const storage = await services.storages.resolve(tenantId, storageId);
    const growing = rest !== 'original' && !!version.renditions.hlsGrowing;
    return sendStored(request, reply, storage, key, fileName, rest === 'original' || query.download === '1', growing);
  }

  app.route({ method: ['GET', 'HEAD'], url: '/api/v1/items/:id/media/*', handler: serve });
}
