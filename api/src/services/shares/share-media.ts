import type { ItemRenditions } from '@mam/core';
import type { TShareRow } from '@mam/db';
import { safeEqual } from '../../security/tokens';
import type { ServiceDeps } from '../service-deps';

/**
 * Signed, expiring media URLs of a share. The signature sits in the path, not the query, so the relative segment
 * URLs inside an HLS playlist carry it too:
 *   /api/v1/public/shares/<token>/media/<itemId>/<kind>/<expires>/<signature>/<rendition path>
 * It is an HMAC over the tenant, share, item, version, kind and expiry; the kind decides which rendition paths it
 * opens, and the share's flags decide which kinds are handed out at all.
 */
export type TShareMediaKind = 'hls' | 'mp4' | 'still' | 'original' | 'play';

export const shareMediaKinds: readonly TShareMediaKind[] = ['hls', 'mp4', 'still', 'original', 'play'];

/** Long enough to watch a feature film with pauses; the page hands out new ones on every load. */
export const SHARE_MEDIA_TTL_SECONDS = 4 * 60 * 60;

export function mediaSignature(
  deps: Pick<ServiceDeps, 'secretBox'>,
  share: TShareRow,
  itemId: string,
  versionId: string,
  kind: TShareMediaKind,
  expires: number,
): string {
  return deps.secretBox.sign(`share-media|${share.tenantId}|${share.id}|${itemId}|${versionId}|${kind}|${expires}`);
}

export function isValidMediaSignature(
  deps: Pick<ServiceDeps, 'secretBox'>,
  share: TShareRow,
  itemId: string,
  versionId: string,
  kind: TShareMediaKind,
  expires: number,
  signature: string,
): boolean {
  return safeEqual(signature, mediaSignature(deps, share, itemId, versionId, kind, expires));
}

export function signedMediaUrl(
  deps: Pick<ServiceDeps, 'secretBox'>,
  token: string,
  share: TShareRow,
  itemId: string,
  versionId: string,
  kind: TShareMediaKind,
  expires: number,
  path: string,
): string {
  const signature = mediaSignature(deps, share, itemId, versionId, kind, expires);
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `/api/v1/public/shares/${token}/media/${itemId}/${kind}/${expires}/${signature}/${encoded}`;
}

/**
 * Which kinds the share hands out: the proxy when web or edit proxy is on, the original as a download. 'play' is the
 * original played in the page before its proxy exists: it hands out the original's bytes, so only where the share
 * gives both the proxy to watch and the original to take; it is watching, not a download, so it is not counted.
 */
export function allowedKinds(share: TShareRow): Set<TShareMediaKind> {
  const kinds = new Set<TShareMediaKind>(['still']);
  const watch = share.webProxy || share.editProxy;
  if (watch) {
    kinds.add('hls');
    kinds.add('mp4');
  }
  if (share.allowDownload && share.highRes) {
    kinds.add('original');
    if (watch) kinds.add('play');
  }
  return kinds;
}

function folderOf(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash + 1);
}

/** Whether a rendition path belongs to the kind a signature was made for. */
export function pathMatchesKind(renditions: ItemRenditions, kind: TShareMediaKind, path: string): boolean {
  switch (kind) {
    case 'hls': {
      if (!renditions.hlsMaster) return false;
      const folder = folderOf(renditions.hlsMaster);
      return folder === '' ? path === renditions.hlsMaster : path.startsWith(folder);
    }
    case 'mp4':
      return path === renditions.proxyMp4;
    case 'still':
      return [
        renditions.thumbnail,
        renditions.filmstrip?.sprite,
        renditions.filmstrip?.manifest,
        renditions.waveform,
        ...(renditions.previews ?? []).map((p) => p.key),
      ].includes(path);
    case 'original':
    case 'play':
      return path === 'original';
  }
}

/** Downloads are counted once per file: the first byte range (or the whole file), not every seek. */
export function countsAsDownload(kind: TShareMediaKind, download: boolean, rangeHeader: string | undefined): boolean {
  if (kind !== 'original' && !(kind === 'mp4' && download)) return false;
  return !rangeHeader || /^bytes=0-/.test(rangeHeader.trim());
}
