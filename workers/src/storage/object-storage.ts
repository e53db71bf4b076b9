import type { Readable } from 'node:stream';

/** Inclusive byte bounds, as in an HTTP Range header. */
export interface TByteRange {
  start: number;
  end: number;
}

export interface TObjectHead {
  size: number;
  contentType: string;
  modifiedAt: Date | null;
  /** The object's ETag without quotes (object storage only): what a multipart copy is verified by. */
  etag?: string;
}

export interface TObjectEntry {
  /** Relative to the location, the way it was put. */
  key: string;
  size: number;
  /** When the file or object was last written, where the storage says so. */
  modifiedAt?: Date;
  /** The object's ETag (object storage only): with the size, what a storage scan knows a file by. */
  etag?: string;
}

export interface TLocalFile {
  path: string;
  /** Removes the downloaded copy; a no-op when the storage already keeps the file on this machine. */
  cleanup(): Promise<void>;
}

export interface TPutOptions {
  /** Guessed from the key's extension when not given. */
  contentType?: string;
}

/** How fast a cold object is brought back: S3's Standard (hours) or Expedited (minutes) retrieval tier. */
export type TRestoreTier = 'standard' | 'express';

/** Where a restore of a cold object stands: readable now, or when it is expected to be. */
export interface TRestoreStatus {
  ready: boolean;
  /** When the object is expected to be readable; null when the storage cannot say (or it was never asked). */
  readyAt: Date | null;
}

/**
 * A cold location's extra verbs: its objects take time to read back, so a read waits for a restore to be asked for
 * and to finish. Reads of a cold object before then reject with a StorageError of reason `not_restored`.
 */
export interface ColdStorage {
  /** Asks for a temporary readable copy; asking again while one is under way or ready keeps the first. */
  requestRestore(key: string, tier: TRestoreTier): Promise<TRestoreStatus>;
  restoreStatus(key: string): Promise<TRestoreStatus>;
}

/** A part an object storage holds of a multipart upload. */
export interface TUploadedPart {
  partNumber: number;
  /** Without quotes. */
  etag: string;
  size: number;
}

/**
 * An object storage's multipart upload verbs, for a copy that carries on part by part after a crash instead of
 * starting over (S3). Parts are numbered from 1; every part but the last is `partSizeFor(size)` long.
 */
export interface MultipartUploads {
  /** The part size for an object of `size` bytes, within the storage's part-count limit. */
  partSizeFor(size: number): number;
  /** How many parts are sent at once; memory use is at most part size × this. */
  readonly queueSize: number;
  /** Starts an upload to `key`; resolves with its upload id. */
  create(key: string, options?: TPutOptions): Promise<string>;
  /**
   * The parts the storage holds of the upload; null when the storage cannot list them (some gateways). A finished
   * or aborted upload rejects with a StorageError of reason `not_found`.
   */
  listParts(key: string, uploadId: string): Promise<TUploadedPart[] | null>;
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Buffer,
    signal?: AbortSignal,
  ): Promise<{ etag: string }>;
  /** Joins the parts (in part-number order) into the object. */
  complete(key: string, uploadId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<void>;
  /** Drops the upload and its parts; idempotent. */
  abort(key: string, uploadId: string): Promise<void>;
}

/**
 * One storage location (a folder on this machine or an object-storage bucket). Keys are relative, `/`-separated
 * and never start with `/`; the location's own path prefix is applied inside. Bodies are streams only: nothing here
 * reads a whole object into memory.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Present on cold locations only (storage type 'cold'). */
  readonly cold?: ColdStorage;
  /** Present on object storage: resumable multipart uploads. */
  readonly multipart?: MultipartUploads;
  /** Stores the stream under `key`, replacing what was there; readers never see a half-written object. */
  put(key: string, body: Readable, options?: TPutOptions): Promise<{ size: number }>;
  /** Stores a copy of a local file; the file stays where it is. A missing file rejects with the `ENOENT` error. */
  putFile(key: string, filePath: string, options?: TPutOptions): Promise<{ size: number }>;
  /**
   * The object, or the bytes of `range` (clamped to the object's end). `size` is the whole object's size, not the
   * range's. A missing key rejects with a StorageError of reason `not_found`.
   */
  get(key: string, range?: TByteRange): Promise<{ body: Readable; size: number; contentType: string }>;
  /** Size and type, or null when there is no such object. */
  head(key: string): Promise<TObjectHead | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a non-empty string); resolves with how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<TObjectEntry[]>;
  /** A path ffmpeg can open: the file itself for local storage, else a download into `tmpDir` streamed to disk. */
  toLocalFile(key: string, tmpDir: string): Promise<TLocalFile>;
  /** Proves the location can be written, read and deleted; rejects with a StorageError saying what is wrong. */
  test(): Promise<void>;
}

export type TStorageErrorReason =
  | 'not_found'
  | 'bucket_not_found'
  | 'invalid_credentials'
  | 'access_denied'
  | 'wrong_region'
  | 'unreachable'
  | 'invalid_range'
  | 'invalid_key'
  | 'not_restored'
  | 'failed';

/** A storage failure with a stable reason (for code) and a sentence for people (shown by "Test connection"). */
export class StorageError extends Error {
  readonly reason: TStorageErrorReason;

  constructor(reason: TStorageErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'StorageError';
    this.reason = reason;
  }
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}

const MAX_KEY_LENGTH = 1024;

function badSegment(segment: string): boolean {
  return segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment);
}

/** Keys are plain relative paths: no empty, `.` or `..` segments, no backslashes, so no way out of the location. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || key.split('/').some(badSegment)) {
    throw new StorageError('invalid_key', `Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Like a key, but may end with `/` (a folder) and, for listing, be empty. */
export function assertValidPrefix(prefix: string, options: { allowEmpty: boolean }): void {
  if (prefix === '' && options.allowEmpty) return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (trimmed === '' || trimmed.length > MAX_KEY_LENGTH || trimmed.split('/').some(badSegment)) {
    throw new StorageError('invalid_key', `Invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/**
 * A location's path prefix as stored: surrounding slashes dropped, `a//b` collapsed. Null when it is not a safe
 * relative path (`..`, backslashes).
 */
export function normalizePathPrefix(raw: string): string | null {
  const parts = raw.split('/').filter((p) => p !== '');
  if (parts.some(badSegment)) return null;
  return parts.join('/');
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mxf: 'application/mxf',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  json: 'application/json',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  txt: 'text/plain',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

/** The media type of a key by its extension; local storage has nowhere else to keep it. */
export function contentTypeOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return contentTypes[extension] ?? 'application/octet-stream';
}
