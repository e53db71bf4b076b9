import { createWriteStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '@tus/file-store';
import { ERRORS, EXPOSED_HEADERS, TUS_RESUMABLE, type Locker, type Upload } from '@tus/server';
import { recordUploadBytes } from '../observability/metrics';

/** As @tus/server's lockDrainTimeout: a PATCH asked to give up its lock gets this long to finish its write. */
const LOCK_DRAIN_MS = 3000;
const PROGRESS_INTERVAL_MS = 1000;
const OFFSET = /^\d+$/;
/**
 * Socket chunks are 64 KiB; with the default 16 KiB mark every chunk would pause the socket until its write is done.
 * A few MiB let the socket keep flowing while earlier chunks are written together (writev).
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface TusFilePatchDeps {
  datastore: FileStore;
  /** The tus server's own locker, so HEAD, DELETE and other PATCHes of the same upload wait for this one. */
  locker: Locker;
  directory: string;
  expiryMs: number;
  /** How long a PATCH asked to give up its lock may go on writing; @tus/server's lockDrainTimeout by default. */
  lockDrainMs?: number;
  /** Bytes in so far, about once a second while a PATCH is streaming. */
  onProgress(upload: Upload): void;
  /** The last byte is in; called after the lock is released, as @tus/server does. */
  onFinish(upload: Upload): Promise<void>;
}

interface TusError {
  status_code: number;
  body: string;
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Tus-Resumable': TUS_RESUMABLE,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
    ...headers,
  });
  res.end(body);
}

const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error;

/**
 * tus PATCH into the file store with the request's own stream piped to the partial file. @tus/server 2 reads bodies
 * through a web-stream adapter that costs about half the throughput of a large upload; this path keeps the protocol
 * (lock, expiry, offset and length checks, 204 with the new offset, the finish hook) and hands back to @tus/server
 * (returns false, nothing read) for what it does not cover: a deferred length or a body without Content-Length.
 */
export async function patchIntoFileStore(
  deps: TusFilePatchDeps,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<boolean> {
  const length = req.headers['content-length'];
  if (req.headers['upload-length'] !== undefined || typeof length !== 'string' || !OFFSET.test(length)) return false;
  if (!req.headers['tus-resumable']) {
    answer(res, 412, {}, 'Tus-Resumable Required\n');
    return true;
  }
  const offsetHeader = req.headers['upload-offset'];
  if (typeof offsetHeader !== 'string' || !OFFSET.test(offsetHeader)) {
    answer(res, ERRORS.MISSING_OFFSET.status_code, {}, ERRORS.MISSING_OFFSET.body);
    return true;
  }
  if (req.headers['content-type'] !== 'application/offset+octet-stream') {
    answer(res, ERRORS.INVALID_CONTENT_TYPE.status_code, {}, ERRORS.INVALID_CONTENT_TYPE.body);
    return true;
  }
  const offset = Number(offsetHeader);
  const bodyBytes = Number(length);

  const gone = new AbortController();
  req.once('close', () => {
    if (!req.complete) gone.abort();
  });
  const lock = deps.locker.newLock(id);
  let drain: ReturnType<typeof setTimeout> | undefined;
  try {
    await lock.lock(gone.signal, () => {
      // Another request of this upload waits (a client back after a dropped connection): this one gets a moment to
      // finish, then its connection goes. A body already read in full is left alone, its socket may serve others.
      drain ??= setTimeout(() => {
        if (!req.complete) req.destroy();
      }, deps.lockDrainMs ?? LOCK_DRAIN_MS);
      drain.unref();
    });
  } catch (error) {
    const failure = isTusError(error) ? error : ERRORS.ERR_LOCK_TIMEOUT;
    answer(res, failure.status_code, {}, failure.body);
    return true;
  }

  let upload: Upload;
  let written = 0;
  try {
    upload = await deps.datastore.getUpload(id);
    if (upload.size === undefined) {
      await lock.unlock();
      return false;
    }
    const created = upload.creation_date ? new Date(upload.creation_date).getTime() : Date.now();
    if (Date.now() > created + deps.expiryMs) throw ERRORS.FILE_NO_LONGER_EXISTS;
    if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
    if (offset + bodyBytes > upload.size) throw ERRORS.ERR_SIZE_EXCEEDED;

    const file = createWriteStream(path.join(deps.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    const current = upload;
    const progress = setInterval(() => {
      current.offset = offset + file.bytesWritten;
      deps.onProgress(current);
    }, PROGRESS_INTERVAL_MS);
    try {
      await pipeline(req, file);
    } finally {
      clearInterval(progress);
      clearTimeout(drain);
      written = file.bytesWritten;
      recordUploadBytes(written);
    }
  } catch (error) {
    await lock.unlock();
    // Whatever reached the disk stays: the next HEAD reports it and the client goes on from there.
    const failure = isTusError(error) ? error : ERRORS.FILE_WRITE_ERROR;
    answer(res, failure.status_code, {}, failure.body);
    return true;
  }
  await lock.unlock();

  upload.offset = offset + written;
  const headers: Record<string, string> = { 'Upload-Offset': String(upload.offset) };
  if (upload.offset === upload.size) {
    try {
      await deps.onFinish(upload);
    } catch (error) {
      const failure = isTusError(error) ? error : { status_code: 500, body: 'Could not finish the upload\n' };
      answer(res, failure.status_code, {}, failure.body);
      return true;
    }
  } else {
    const created = upload.creation_date ? new Date(upload.creation_date) : new Date();
    headers['Upload-Expires'] = new Date(created.getTime() + deps.expiryMs).toUTCString();
    deps.onProgress(upload);
  }
  answer(res, 204, headers);
  return true;
}
