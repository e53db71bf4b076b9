import {
  archiveTransferView,
  can,
  choosePlayback,
  isOriginalArchived,
  type Actor,
  type ApprovalStatus,
  type TArchiveTransferView,
  type ItemMedia,
  type ItemPlayback,
  type ItemProcess,
  type MediaItemType,
  type TSequenceView,
  type UploadProgress,
} from '@mam/core';
import type { TListedItem } from '@mam/db';

/** Where a version's files live in storage: every rendition key is relative to this folder. */
export function versionMediaPrefix(tenantId: string, itemId: string, versionId: string): string {
  return `${tenantId}/items/${itemId}/${versionId}`;
}

export interface TItemUrls {
  hls: string | null;
  mp4: string | null;
  thumbnail: string | null;
  filmstrip: { sprite: string; manifest: string } | null;
  waveform: string | null;
  previews: { width: number; height: number; format: string; url: string }[];
  original: string | null;
}

/** The item as the console and the REST API see it: the item row with its leading version's state and media. */
export interface TItemView {
  id: string;
  itemType: MediaItemType;
  title: string;
  description: string;
  folderId: string | null;
  createdBy: string | null;
  owner: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  isArchived: boolean;
  /** The last archive or unarchive of the high resolution (spec: archiveFileTransfer); null when there was none. */
  archiveFileTransfer: TArchiveTransferView | null;
  visibleTo: { level: string; groups: string[] } | null;
  updatableBy: { level: string; groups: string[] } | null;
  /** A reviewer's verdict; setBy/setAt are null until someone sets it. */
  approval: { status: ApprovalStatus; setBy: string | null; setAt: string | null };
  /** The leading version; sha256 is the original's checksum from ingest (null until it is stored and probed). */
  version: { id: string; number: number; fileName: string; fileSize: number | null; sha256: string | null } | null;
  upload: UploadProgress | null;
  transcoding: ItemProcess | null;
  media: ItemMedia | null;
  resolvedThumbnailUrl: string | null;
  urls: TItemUrls;
  /**
   * What the player plays now (see choosePlayback). The original is offered only to a viewer who may download it,
   * since playing it hands out its bytes; without a viewer (relation lists) it is never offered.
   */
  playback: ItemPlayback | null;
  /** A sequence item's clips, on the item read alone (not in lists). */
  sequence?: Pick<TSequenceView, 'frameRate' | 'clips' | 'totalFrames'>;
  /**
   * A virtual clip's range of its source (outFrame exclusive), on the item read alone: its media and playback are
   * its source's, and players keep to this range.
   */
  virtualClip?: TVirtualClipRange;
}

export interface TVirtualClipRange {
  sourceItemId: string;
  inFrame: number;
  outFrame: number;
}

/** Media URLs are served by the API under the item, so the same session or API key that reads the item fetches them. */
export function mediaUrl(itemId: string, relativeKey: string): string {
  return `/api/v1/items/${itemId}/media/${relativeKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** Any item with its leading version (TItemWithVersion) shows so; a search reads no more of it than this needs. */
export function toItemView({ item, version }: TListedItem, viewer?: Actor): TItemView {
  const r = version?.renditions ?? {};
  const url = (key: string | undefined) => (key ? mediaUrl(item.id, key) : null);
  const urls: TItemUrls = {
    hls: url(r.hlsMaster),
    mp4: url(r.proxyMp4),
    thumbnail: url(r.thumbnail),
    filmstrip: r.filmstrip ? { sprite: url(r.filmstrip.sprite)!, manifest: url(r.filmstrip.manifest)! } : null,
    waveform: url(r.waveform),
    previews: (r.previews ?? []).map((p) => ({ width: p.width, height: p.height, format: p.format, url: url(p.key)! })),
    original:
      version?.originalKey && !isOriginalArchived(item.isArchived, item.archiveTransfer, version.id)
        ? mediaUrl(item.id, 'original')
        : null,
  };
  const playback = version
    ? choosePlayback(
        { originalKey: version.originalKey, media: version.media, renditions: r },
        { hls: urls.hls, mp4: urls.mp4, original: viewer && can(viewer, 'downloadMedia') ? urls.original : null },
      )
    : null;
  return {
    id: item.id,
    itemType: item.itemType,
    title: item.title,
    description: item.description,
    folderId: item.folderId,
    createdBy: item.createdBy,
    owner: item.ownerId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    deletedAt: item.deletedAt?.toISOString() ?? null,
    isArchived: item.isArchived,
    archiveFileTransfer: archiveTransferView(item.archiveTransfer),
    visibleTo: item.visibleTo,
    updatableBy: item.updatableBy,
    approval: {
      status: item.approvalStatus,
      setBy: item.approvalSetBy,
      setAt: item.approvalSetAt?.toISOString() ?? null,
    },
    version: version
      ? {
          id: version.id,
          number: version.number,
          fileName: version.fileName,
          fileSize: version.fileSize,
          sha256: version.sha256,
        }
      : null,
    upload: version?.upload ?? null,
    transcoding: version?.transcoding ?? null,
    media: version?.media ?? null,
    resolvedThumbnailUrl: urls.thumbnail,
    urls,
    playback,
  };
}
