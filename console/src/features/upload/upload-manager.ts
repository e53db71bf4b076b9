import type {
  DetailedError,
  HttpRequest,
  HttpResponse,
  PreviousUpload,
  UploadOptions,
  UrlStorage,
} from 'tus-js-client';
import { uploadErrorOf, type TUploadError } from './upload-error';
import {
  isUserStorageKey,
  storageKeyMatches,
  titleFromFileName,
  uploadFingerprint,
  type TFileIdentity,
} from './upload-file';
import { measureSpeed, startSpeedMeter, uploadTotals, type TSpeedMeter, type TUploadTotals } from './upload-progress';

export const UPLOAD_ENDPOINT = '/api/v1/uploads';
/** Big enough that per-request overhead is small, small enough that a dropped connection loses little. */
export const UPLOAD_CHUNK_SIZE = 8 * 1024 * 1024;
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];
export const CSRF_HEADER = 'x-csrf-token';
/** Uploads sending at once; the rest wait their turn so one batch does not starve the page of connections. */
export const MAX_PARALLEL_UPLOADS = 3;
/** Created item ids of unfinished uploads by upload URL, so a resumed upload still knows its item after a reload. */
export const ITEM_IDS_STORAGE_KEY = 'mam.uploads.itemIds';
const PROGRESS_PUBLISH_MS = 200;

export type TUploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'error' | 'cancelled';

/** Where an upload goes: a folder for a new item, or an existing item for a new version of it. */
export interface TUploadTarget {
  folderId?: string | null;
  /** The folder's name, for the uploads tray to say where the file went. */
  folderName?: string | null;
  itemId?: string | null;
  /** Values of a form's upload view for the new items, checked by the server before it takes a byte. */
  metadata?: { form: string; values: Record<string, unknown> } | null;
  /** Continue this unfinished upload of an item (from its page, in any browser) instead of creating one. */
  resume?: { uploadUrl: string; itemId: string } | null;
}

export interface TUpload {
  id: string;
  fileName: string;
  /** The path inside a chosen folder, when the file came with one. */
  relativePath: string | null;
  size: number;
  target: {
    folderId: string | null;
    folderName?: string | null;
    itemId: string | null;
    metadata?: TUploadTarget['metadata'];
  };
  status: TUploadStatus;
  bytesUploaded: number;
  bytesTotal: number;
  /** Bytes per second while uploading. */
  speed: number;
  /** The item the upload creates (or versions), known once the server accepted the upload. */
  itemId: string | null;
  /** The bytes already on the server when this upload continued an earlier one; null for a fresh upload. */
  resumedFrom: number | null;
  error: TUploadError | null;
}

/** An upload of an earlier page load that stopped before its end; adding the same file again continues it. */
export interface TInterruptedUpload {
  /** tus's localStorage key. */
  key: string;
  fileName: string;
  size: number | null;
  target: { folderId: string | null; itemId: string | null };
  createdAt: string;
  uploadUrl: string | null;
  /** The item the upload created (or versions), when this browser learnt it. */
  itemId: string | null;
}

export interface TUploadsSnapshot {
  uploads: readonly TUpload[];
  interrupted: readonly TInterruptedUpload[];
  totals: TUploadTotals;
}

/** The part of tus-js-client's Upload the manager uses; tests pass their own. */
export interface TUploadDriver {
  readonly url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previous: PreviousUpload): void;
}

export interface TKeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TUploadManagerDeps {
  userId: string;
  createDriver(file: File, options: UploadOptions): TUploadDriver;
  urlStorage: Pick<UrlStorage, 'findAllUploads' | 'removeUpload'>;
  terminate(url: string, options: UploadOptions): Promise<void>;
  store: TKeyValueStore;
  /** The current value of the CSRF cookie; the server compares it with the header on cookie-authenticated writes. */
  csrfToken(): string;
  now(): number;
  maxParallel?: number;
  warn(message: string, error: unknown): void;
  /** Sent with every tus request besides the CSRF header (the public upload page's Upload-Request token). */
  headers?: Readonly<Record<string, string>>;
  /** More Upload-Metadata, read when a file starts (the contributor's name on the public upload page). */
  extraMetadata?(): Record<string, string>;
}

export type TUploadedListener = (itemId: string | null, upload: TUpload) => void;

export interface TUploadManager {
  getSnapshot(): TUploadsSnapshot;
  subscribe(listener: () => void): () => void;
  /** Called for every upload that completes; returns the unsubscribe function. */
  onUploaded(listener: TUploadedListener): () => void;
  /** Queues the files; a file already uploading or waiting is not added twice. Returns the new uploads' ids. */
  add(files: readonly File[], target?: TUploadTarget): string[];
  pause(id: string): void;
  /** Continues a paused upload, or tries a failed (not refused) one again from where it stopped. */
  resume(id: string): void;
  /** Stops the upload and deletes what the server has of it (tus termination). */
  cancel(id: string): void;
  pauseAll(): void;
  resumeAll(): void;
  /** Removes a finished, failed or cancelled upload from the list. */
  dismiss(id: string): void;
  clearFinished(): void;
  /** Continues an interrupted upload with the file the user chose; false when it is not the same file. */
  resumeInterrupted(key: string, file: File): boolean;
  /** Gives an interrupted upload up: the server deletes its partial data. */
  forgetInterrupted(key: string): Promise<void>;
  refreshInterrupted(): Promise<void>;
  /**
   * Pauses everything, deleting nothing on the server, so the uploads can continue later (this page load or the
   * next). The manager stays usable: React runs effect clean-ups and set-ups twice in development.
   */
  stopAll(): void;
}

interface TRecord {
  upload: TUpload;
  file: File;
  fingerprint: string;
  driver: TUploadDriver | null;
  meter: TSpeedMeter;
  /** The stored upload to continue, when the user picked one from the interrupted list. */
  preferredKey: string | null;
  /** Set while continuing a stored upload, until the server tells its offset. */
  resuming: boolean;
  /** The upload URL to continue, when the item's page named it. */
  resumeUrl: string | null;
}

const ACTIVE: ReadonlySet<TUploadStatus> = new Set(['queued', 'uploading', 'paused']);
const FINISHED: ReadonlySet<TUploadStatus> = new Set(['done', 'error', 'cancelled']);

function newest(previous: PreviousUpload[], preferredKey: string | null): PreviousUpload | null {
  const preferred = previous.find((p) => p.urlStorageKey === preferredKey);
  if (preferred) return preferred;
  const time = (p: PreviousUpload) => Date.parse(p.creationTime) || 0;
  return [...previous].sort((a, b) => time(b) - time(a))[0] ?? null;
}

function relativePathOf(file: File): string | null {
  const path = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
  return path && path !== file.name ? path : null;
}

/**
 * Resumable uploads (tus) of many files at once. Each file goes on its own: a refused or failed file does not stop
 * the others. tus remembers unfinished uploads in localStorage, so re-adding a file after a reload continues from
 * the server's offset instead of starting over.
 */
export function createUploadManager(deps: TUploadManagerDeps): TUploadManager {
  const maxParallel = deps.maxParallel ?? MAX_PARALLEL_UPLOADS;
  const records = new Map<string, TRecord>();
  const listeners = new Set<() => void>();
  const uploadedListeners = new Set<TUploadedListener>();
  let interrupted: TInterruptedUpload[] = [];
  let snapshot: TUploadsSnapshot = { uploads: [], interrupted, totals: uploadTotals([]) };
  let publishTimer: ReturnType<typeof setTimeout> | null = null;
  let sequence = 0;

  function publish() {
    if (publishTimer) clearTimeout(publishTimer);
    publishTimer = null;
    const uploads = [...records.values()].map((r) => r.upload);
    snapshot = { uploads, interrupted, totals: uploadTotals(uploads) };
    for (const listener of listeners) listener();
  }

  // Progress events come many times a second; the list redraws a few times a second at most.
  function publishSoon() {
    publishTimer ??= setTimeout(publish, PROGRESS_PUBLISH_MS);
  }

  function update(record: TRecord, patch: Partial<TUpload>, soon = false) {
    record.upload = { ...record.upload, ...patch };
    if (soon) publishSoon();
    else publish();
  }

  function readItemIds(): Record<string, string> {
    try {
      const parsed = JSON.parse(deps.store.getItem(ITEM_IDS_STORAGE_KEY) ?? '{}') as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  function writeItemId(url: string, itemId: string | null) {
    const ids = readItemIds();
    if (itemId) ids[url] = itemId;
    else delete ids[url];
    try {
      if (Object.keys(ids).length) deps.store.setItem(ITEM_IDS_STORAGE_KEY, JSON.stringify(ids));
      else deps.store.removeItem(ITEM_IDS_STORAGE_KEY);
    } catch (error) {
      deps.warn('Could not remember the item of an upload', error);
    }
  }

  /**
   * tus reads the headers anew for every request, so a getter echoes the cookie's current value even when it was
   * issued again during a long upload. (Setting the header in onBeforeRequest as well would send it twice.)
   */
  function csrfHeaders(): Record<string, string> {
    return Object.defineProperty({ ...deps.headers }, CSRF_HEADER, {
      enumerable: true,
      get: deps.csrfToken,
    }) as Record<string, string>;
  }

  function optionsFor(record: TRecord): UploadOptions {
    const { target } = record.upload;
    const metadata: Record<string, string> = {
      ...deps.extraMetadata?.(),
      filename: record.file.name,
      title: titleFromFileName(record.file.name),
    };
    if (target.folderId) metadata.folderId = target.folderId;
    if (target.itemId) metadata.itemId = target.itemId;
    if (target.metadata) {
      metadata.form = target.metadata.form;
      metadata.values = JSON.stringify(target.metadata.values);
    }
    return {
      endpoint: UPLOAD_ENDPOINT,
      ...(record.resumeUrl ? { uploadUrl: record.resumeUrl } : {}),
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: UPLOAD_RETRY_DELAYS,
      metadata,
      headers: csrfHeaders(),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: (file: TFileIdentity) => Promise.resolve(uploadFingerprint(deps.userId, file)),
      onAfterResponse: (request: HttpRequest, response: HttpResponse) => {
        const status = response.getStatus();
        if (request.getMethod() === 'POST' && status >= 200 && status < 300) {
          update(record, { itemId: response.getHeader('Item-Id') || null, resumedFrom: null });
          record.resuming = false;
        }
        if (request.getMethod() === 'HEAD' && record.resuming && status >= 200 && status < 300) {
          record.resuming = false;
          const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
          if (Number.isFinite(offset)) {
            record.meter = startSpeedMeter(offset, deps.now());
            update(record, { resumedFrom: offset, bytesUploaded: offset });
          }
        }
      },
      onUploadUrlAvailable: () => {
        const url = record.driver?.url;
        if (url && record.upload.itemId) writeItemId(url, record.upload.itemId);
        void refreshInterrupted();
      },
      onProgress: (bytesSent: number, bytesTotal: number) => {
        if (record.upload.status !== 'uploading') return;
        record.meter = measureSpeed(record.meter, bytesSent, deps.now());
        update(record, { bytesUploaded: bytesSent, bytesTotal, speed: record.meter.speed }, true);
      },
      onSuccess: () => {
        const url = record.driver?.url;
        if (url) writeItemId(url, null);
        update(record, { status: 'done', bytesUploaded: record.upload.bytesTotal, speed: 0 });
        for (const listener of uploadedListeners) {
          try {
            listener(record.upload.itemId, record.upload);
          } catch (error) {
            deps.warn('An upload listener failed', error);
          }
        }
        pump();
        void refreshInterrupted();
      },
      onError: (error: Error | DetailedError) => {
        if (record.upload.status !== 'uploading') return;
        const response = (error as Partial<DetailedError>).originalResponse ?? null;
        const uploadError = uploadErrorOf(response ? response.getStatus() : null, response ? response.getBody() : null);
        update(record, { status: 'error', speed: 0, error: uploadError });
        pump();
        void refreshInterrupted();
      },
    };
  }

  async function begin(record: TRecord) {
    record.meter = startSpeedMeter(record.upload.bytesUploaded, deps.now());
    update(record, { status: 'uploading', error: null });
    if (!record.driver && record.resumeUrl) {
      record.driver = deps.createDriver(record.file, optionsFor(record));
      record.resuming = true;
    }
    if (!record.driver) {
      const driver = deps.createDriver(record.file, optionsFor(record));
      record.driver = driver;
      try {
        const previous = newest(await driver.findPreviousUploads(), record.preferredKey);
        if (previous) {
          driver.resumeFromPreviousUpload(previous);
          record.resuming = true;
          const known = previous.uploadUrl ? readItemIds()[previous.uploadUrl] : undefined;
          if (known) update(record, { itemId: known });
        }
      } catch (error) {
        deps.warn('Could not look for an earlier upload of the file', error);
      }
    }
    // Paused or cancelled while looking for an earlier upload.
    if (record.upload.status !== 'uploading') return;
    record.driver.start();
  }

  function pump() {
    let running = [...records.values()].filter((r) => r.upload.status === 'uploading').length;
    for (const record of records.values()) {
      if (running >= maxParallel) break;
      if (record.upload.status !== 'queued') continue;
      running += 1;
      void begin(record);
    }
  }

  async function refreshInterrupted() {
    let stored: PreviousUpload[];
    try {
      stored = await deps.urlStorage.findAllUploads();
    } catch (error) {
      deps.warn('Could not read interrupted uploads', error);
      return;
    }
    // Files in the list own their stored entries: they resume them themselves.
    const owned = [...records.values()]
      .filter((r) => r.upload.status !== 'done' && r.upload.status !== 'cancelled')
      .map((r) => r.fingerprint);
    const time = (p: TInterruptedUpload) => Date.parse(p.createdAt) || 0;
    const itemIds = readItemIds();
    interrupted = stored
      .filter((p) => isUserStorageKey(p.urlStorageKey, deps.userId))
      .filter((p) => !owned.some((fingerprint) => storageKeyMatches(p.urlStorageKey, fingerprint)))
      .map((p) => ({
        key: p.urlStorageKey,
        fileName: p.metadata.filename ?? '',
        size: p.size,
        target: { folderId: p.metadata.folderId || null, itemId: p.metadata.itemId || null },
        createdAt: p.creationTime,
        uploadUrl: p.uploadUrl,
        itemId: (p.uploadUrl ? itemIds[p.uploadUrl] : undefined) ?? null,
      }))
      .sort((a, b) => time(b) - time(a));
    publish();
  }

  function add(files: readonly File[], target: TUploadTarget = {}, preferredKey: string | null = null): string[] {
    const ids: string[] = [];
    for (const file of files) {
      const fingerprint = uploadFingerprint(deps.userId, file);
      const busy = [...records.values()].some((r) => r.fingerprint === fingerprint && ACTIVE.has(r.upload.status));
      if (busy) continue;
      sequence += 1;
      const id = `upload-${sequence}`;
      records.set(id, {
        upload: {
          id,
          fileName: file.name,
          relativePath: relativePathOf(file),
          size: file.size,
          target: {
            folderId: target.folderId ?? null,
            ...(target.folderName ? { folderName: target.folderName } : {}),
            itemId: target.itemId ?? null,
            ...(target.metadata ? { metadata: target.metadata } : {}),
          },
          status: 'queued',
          bytesUploaded: 0,
          bytesTotal: file.size,
          speed: 0,
          itemId: target.resume?.itemId ?? null,
          resumedFrom: null,
          error: null,
        },
        file,
        fingerprint,
        driver: null,
        meter: startSpeedMeter(0, deps.now()),
        preferredKey,
        resuming: false,
        resumeUrl: target.resume?.uploadUrl ?? null,
      });
      ids.push(id);
    }
    publish();
    pump();
    void refreshInterrupted();
    return ids;
  }

  function pause(id: string) {
    const record = records.get(id);
    if (!record) return;
    if (record.upload.status === 'queued') update(record, { status: 'paused' });
    if (record.upload.status !== 'uploading') return;
    update(record, { status: 'paused', speed: 0 });
    record.driver?.abort(false).catch((error: unknown) => deps.warn('Could not pause an upload', error));
    pump();
  }

  function pauseAll() {
    // Waiting files first, so pausing a running one does not start the next.
    for (const record of records.values()) if (record.upload.status === 'queued') pause(record.upload.id);
    for (const record of records.values()) pause(record.upload.id);
  }

  function resume(id: string) {
    const record = records.get(id);
    if (!record) return;
    const retryable = record.upload.status === 'error' && record.upload.error?.kind === 'failed';
    if (record.upload.status !== 'paused' && !retryable) return;
    update(record, { status: 'queued', error: null });
    pump();
  }

  function cancel(id: string) {
    const record = records.get(id);
    if (!record || !(ACTIVE.has(record.upload.status) || record.upload.status === 'error')) return;
    update(record, { status: 'cancelled', speed: 0 });
    const driver = record.driver;
    if (driver) {
      const url = driver.url;
      driver
        .abort(true)
        .then(() => {
          if (url) writeItemId(url, null);
          return refreshInterrupted();
        })
        .catch((error: unknown) => deps.warn('Could not cancel an upload on the server', error));
    }
    pump();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onUploaded(listener) {
      uploadedListeners.add(listener);
      return () => {
        uploadedListeners.delete(listener);
      };
    },
    add: (files, target) => add(files, target),
    pause,
    resume,
    cancel,
    pauseAll,
    resumeAll() {
      for (const record of records.values()) if (record.upload.status === 'paused') resume(record.upload.id);
    },
    dismiss(id) {
      const record = records.get(id);
      if (!record || !FINISHED.has(record.upload.status)) return;
      records.delete(id);
      publish();
      void refreshInterrupted();
    },
    clearFinished() {
      for (const [id, record] of records) if (FINISHED.has(record.upload.status)) records.delete(id);
      publish();
      void refreshInterrupted();
    },
    resumeInterrupted(key, file) {
      const entry = interrupted.find((i) => i.key === key);
      if (!entry || !storageKeyMatches(key, uploadFingerprint(deps.userId, file))) return false;
      add([file], entry.target, key);
      return true;
    },
    async forgetInterrupted(key) {
      const entry = interrupted.find((i) => i.key === key);
      if (!entry) return;
      interrupted = interrupted.filter((i) => i.key !== key);
      publish();
      if (entry.uploadUrl) {
        writeItemId(entry.uploadUrl, null);
        // Best effort: an upload the server already forgot (expired) cannot be deleted and need not be.
        await deps
          .terminate(entry.uploadUrl, {
            headers: csrfHeaders(),
            retryDelays: UPLOAD_RETRY_DELAYS,
          })
          .catch((error: unknown) => deps.warn('Could not delete an interrupted upload on the server', error));
      }
      await deps.urlStorage.removeUpload(key).catch((error: unknown) => deps.warn('Could not forget an upload', error));
      await refreshInterrupted();
    },
    refreshInterrupted,
    stopAll() {
      pauseAll();
      if (publishTimer) clearTimeout(publishTimer);
      publishTimer = null;
    },
  };
}
