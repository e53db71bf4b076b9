import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TArchiveUploadPart } from '@mam/db';
import { isStorageError, type MultipartUploads } from '../storage';
import { createPartHasher } from './part-hasher';
import { readBackHash, type TVerifiedCopy } from './verified-copy';

/** The durable record of one multipart copy: written as each part is acknowledged, read by the next attempt. */
export interface TUploadJournal {
  find(): Promise<{ uploadId: string; partSize: number; size: number; parts: TArchiveUploadPart[] } | undefined>;
  begin(upload: { uploadId: string; partSize: number; size: number }): Promise<void>;
  addPart(uploadId: string, part: TArchiveUploadPart): Promise<void>;
  remove(): Promise<void>;
}

export interface TResumableCopy extends TVerifiedCopy {
  multipart: MultipartUploads;
  journal: TUploadJournal;
}

// A part can take minutes on a slow link; the attempt still says it is alive meanwhile.
const ALIVE_INTERVAL_MS = 20_000;

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest();
const looksLikeMd5 = (etag: string) => /^[0-9a-f]{32}$/i.test(etag);

/** The stream cut into buffers of `size` bytes (the last one shorter; one empty buffer for an empty stream). */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const chunk of body) {
    let rest = chunk as Buffer;
    while (length + rest.length >= size) {
      const take = size - length;
      chunks.push(rest.subarray(0, take));
      yield Buffer.concat(chunks, size);
      yielded = true;
      rest = rest.subarray(take);
      chunks = [];
      length = 0;
    }
    if (rest.length > 0) {
      chunks.push(rest);
      length += rest.length;
    }
  }
  if (length > 0 || !yielded) yield Buffer.concat(chunks, length);
}

/** The parts an earlier attempt stored that the storage still holds (all recorded ones when it cannot list). */
async function carriedOver(copy: TResumableCopy, size: number, partSize: number) {
  const record = await copy.journal.find();
  if (!record) return null;
  if (record.size !== size || record.partSize !== partSize) {
    // The source changed since: what was sent belongs to another file.
    await copy.multipart.abort(copy.toKey, record.uploadId).catch(() => undefined);
    return null;
  }
  try {
    const listed = await copy.multipart.listParts(copy.toKey, record.uploadId);
    const held = listed && new Map(listed.map((p) => [p.partNumber, p.etag]));
    const parts = record.parts.filter((p) => !held || held.get(p.partNumber) === p.etag);
    return { uploadId: record.uploadId, parts: new Map(parts.map((p) => [p.partNumber, p])) };
  } catch (error) {
    // Finished or aborted meanwhile (a bucket rule, or an attempt that died after completing it): start afresh.
    if (isStorageError(error) && error.reason === 'not_found') return null;
    throw error;
  }
}

/**
 * Copies source → object storage as a multipart upload recorded part by part, so an attempt after a crash sends only
 * the parts the storage does not hold yet. The source is read in full every time: its SHA-256 (and the source's
 * recorded checksum, when known) must match, and the stored object's ETag must be the one the bytes sent make, else
 * the upload is dropped and the copy fails. Parts carried over count only if the bytes read for them hash the same.
 */
export async function copyResumable(copy: TResumableCopy): Promise<{ sha256: string; size: number }> {
  const { body, size } = await copy.from.get(copy.fromKey);
  try {
    return await copyParts(copy, body, size);
  } finally {
    // A source opened but not read to its end (the target is down) is closed here, not left to the collector.
    body.destroy();
  }
}

async function copyParts(copy: TResumableCopy, body: Readable, size: number) {
  const { multipart, journal, toKey } = copy;
  const partSize = multipart.partSizeFor(size);
  const earlier = await carriedOver(copy, size, partSize);
  const uploadId = earlier?.uploadId ?? (await multipart.create(toKey));
  if (!earlier) await journal.begin({ uploadId, partSize, size });
  const kept = earlier?.parts ?? new Map<number, TArchiveUploadPart>();

  const hasher = createPartHasher();
  const partMd5s: Array<Promise<string>> = [];
  const done: Array<{ partNumber: number; etag: string }> = [];
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const alive = setInterval(() => copy.onBytes(0), ALIVE_INTERVAL_MS);

  async function send(partNumber: number, part: Buffer, partMd5: Promise<string>) {
    const { etag } = await multipart.uploadPart(toKey, uploadId, partNumber, part, copy.signal);
    const md5 = await partMd5;
    if (looksLikeMd5(etag) && etag.toLowerCase() !== md5) {
      throw new Error(`Part ${partNumber} of the ${copy.purpose} copy of ${copy.fromKey} arrived altered`);
    }
    await journal.addPart(uploadId, { partNumber, etag, md5, size: part.length });
    done.push({ partNumber, etag });
    copy.onBytes(part.length);
  }

  let sentBytes = 0;
  let hashes: { sha256: string; md5: string };
  try {
    let partNumber = 0;
    for await (const part of partsOf(body, partSize)) {
      copy.signal.throwIfAborted();
      partNumber += 1;
      sentBytes += part.length;
      const partMd5 = hasher.part(part);
      // Settled here too, so a failing hasher never leaves a rejection nobody heard.
      partMd5.catch(() => undefined);
      partMd5s.push(partMd5);
      const stored = kept.get(partNumber);
      if (stored && stored.size === part.length && stored.md5 === (await partMd5)) {
        done.push({ partNumber, etag: stored.etag });
        copy.onBytes(part.length);
        continue;
      }
      while (inFlight.size >= multipart.queueSize && !failure) await Promise.race(inFlight);
      if (failure) break;
      const sending: Promise<void> = send(partNumber, part, partMd5).then(
        () => void inFlight.delete(sending),
        (error: unknown) => {
          inFlight.delete(sending);
          failure ??= { error };
        },
      );
      inFlight.add(sending);
    }
    if (!failure) hashes = await hasher.end();
  } catch (error) {
    failure ??= { error };
  } finally {
    await Promise.all(inFlight);
    clearInterval(alive);
    await hasher.close();
  }
  if (failure) throw failure.error;

  const sent = hashes!.sha256;
  const mismatch = async () => {
    await journal.remove();
    return new Error(`The ${copy.purpose} copy of ${copy.fromKey} does not match its checksum; the source is kept`);
  };
  if (copy.expectedSha256 !== null && sent !== copy.expectedSha256) {
    // The source is not what was recorded: nothing sent of it is worth keeping.
    await multipart.abort(toKey, uploadId).catch(() => undefined);
    throw await mismatch();
  }
  await multipart.complete(toKey, uploadId, done);
  // S3 makes a multipart object's ETag from its parts' MD5s; some gateways use the whole object's MD5.
  const md5s = await Promise.all(partMd5s);
  const composite = `${md5(Buffer.concat(md5s.map((hex) => Buffer.from(hex, 'hex')))).toString('hex')}-${md5s.length}`;
  const head = await copy.to.head(toKey);
  let verified = head?.size === sentBytes && (head.etag === composite || head.etag === hashes!.md5);
  // An ETag that is no MD5 (encryption with KMS) proves nothing: read the copy back, unless it is cold.
  if (!verified && head?.size === sentBytes) verified = copy.to.cold ? true : (await readBackHash(copy)) === sent;
  if (!verified) {
    await copy.to.delete(toKey);
    throw await mismatch();
  }
  await journal.remove();
  return { sha256: sent, size: sentBytes };
}
