/** A file of a watched location as one poll saw it. */
export interface TWatchedFile {
  key: string;
  size: number;
  /** The object's ETag, or the file's modification time in ms, as text: what else tells a rewrite apart. */
  version: string;
}

/** A file still being watched: as it was when first seen in this state, and when that was. */
export interface TWatchObservation extends TWatchedFile {
  /** Epoch ms of the poll that first saw the file with this size and version. */
  since: number;
}

export interface TStabilityVerdict {
  /** Unchanged across polls at least the stable time apart: ready to ingest. */
  stable: TWatchedFile[];
  /** New or changed since the last poll, or not yet unchanged long enough: watched again next poll. */
  watching: TWatchObservation[];
}

/** Whole seconds a file must stay unchanged; below one second a file still being copied could look finished. */
export const WATCH_FOLDER_MIN_STABLE_SECONDS = 1;
export const WATCH_FOLDER_MAX_STABLE_SECONDS = 24 * 60 * 60;
export const WATCH_FOLDER_DEFAULT_STABLE_SECONDS = 10;

/**
 * Decides which files of a poll are done being written (spec section 3, watch folders): a file is stable when a
 * poll at least `stableMs` after the first one that saw it finds the same size and version. A file that changed
 * starts over, and files gone from the listing are forgotten (a move out before it settled is not ingested).
 */
export function judgeStability(
  previous: readonly TWatchObservation[],
  listed: readonly TWatchedFile[],
  now: number,
  stableMs: number,
): TStabilityVerdict {
  const before = new Map(previous.map((o) => [o.key, o]));
  const stable: TWatchedFile[] = [];
  const watching: TWatchObservation[] = [];
  for (const file of listed) {
    const seen = before.get(file.key);
    const same = seen !== undefined && seen.size === file.size && seen.version === file.version;
    if (!same) {
      watching.push({ ...file, since: now });
    } else if (now - seen.since >= stableMs) {
      stable.push({ key: file.key, size: file.size, version: file.version });
    } else {
      watching.push(seen);
    }
  }
  return { stable, watching };
}

/** The watched path inside a location: the tenant's own folder, then the optional subpath, as a listing prefix. */
export function watchFolderListPrefix(tenantId: string, subpath: string): string {
  const clean = normalizeWatchSubpath(subpath);
  return clean ? `${tenantId}/${clean}/` : `${tenantId}/`;
}

/** A subpath as stored: no leading, trailing or doubled slashes. */
export function normalizeWatchSubpath(subpath: string): string {
  return subpath
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .join('/');
}

/** A subpath must stay inside the tenant's folder: no `.` or `..` segments, no backslashes. */
export function isValidWatchSubpath(subpath: string): boolean {
  if (subpath.length > 500 || subpath.includes('\\') || subpath.includes('\0')) return false;
  return normalizeWatchSubpath(subpath)
    .split('/')
    .every((segment) => segment !== '.' && segment !== '..');
}

/**
 * Where a watch folder may watch: a high-res (upload) location. The product keeps its own files under the tenant's
 * `items` folder, so a subpath there is refused, and a location that also holds generated media must be watched
 * under a subpath of its own (its renditions would otherwise be ingested as new items).
 */
export function watchFolderPlacementError(
  types: readonly string[],
  subpath: string,
): 'WATCH_FOLDER_LOCATION_INVALID' | 'WATCH_FOLDER_SUBPATH_INVALID' | null {
  if (!types.includes('upload')) return 'WATCH_FOLDER_LOCATION_INVALID';
  if (!isValidWatchSubpath(subpath)) return 'WATCH_FOLDER_SUBPATH_INVALID';
  const clean = normalizeWatchSubpath(subpath);
  if (clean === 'items' || clean.startsWith('items/')) return 'WATCH_FOLDER_SUBPATH_INVALID';
  if (types.includes('generated') && clean === '') return 'WATCH_FOLDER_SUBPATH_INVALID';
  return null;
}
