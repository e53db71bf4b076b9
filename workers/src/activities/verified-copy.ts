import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../storage';

/** The SHA-256 of a stream, read to its end. */
export async function sha256Of(body: Readable, onBytes: (n: number) => void = () => undefined): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    onBytes((chunk as Buffer).length);
  }
  return hash.digest('hex');
}

/** Passes bytes through unchanged, hashing and counting them on the way. */
function hashing(onBytes: (n: number) => void) {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  return { transform, digest: () => hash.digest('hex'), size: () => size };
}

export interface TVerifiedCopy {
  from: ObjectStorage;
  fromKey: string;
  to: ObjectStorage;
  toKey: string;
  /** The source's recorded checksum, when known: the bytes read must match it too. */
  expectedSha256: string | null;
  /** Bytes as they stream (progress, heartbeats). */
  onBytes: (n: number) => void;
  /** Stops the copy (the activity's cancellation). */
  signal: AbortSignal;
  /** What the copy is, for the mismatch message ("archive", "send to storage"). */
  purpose: string;
}

/**
 * Streams source → target while hashing, then reads the stored object back: both hashes (and the source's recorded
 * one, when known) must match, else the copy is deleted and the copy fails. Nothing is held in memory.
 */
export async function copyVerified(copy: TVerifiedCopy): Promise<{ sha256: string; size: number }> {
  const { body } = await copy.from.get(copy.fromKey);
  const streamed = hashing(copy.onBytes);
  // put consumes the hashing stream while pipeline feeds it: a failure on either side fails the copy.
  await Promise.all([
    pipeline(body, streamed.transform, { signal: copy.signal }),
    copy.to.put(copy.toKey, streamed.transform),
  ]);
  const sent = streamed.digest();
  // A cold location cannot give an object back until it is restored (hours): its copy is checked by size, the bytes
  // sent by the source's recorded checksum, and the restore's copy back online is read and verified in full.
  const stored = copy.to.cold ? await coldStoredHash(copy, sent, streamed.size()) : await readBackHash(copy);
  if (stored !== sent || (copy.expectedSha256 !== null && sent !== copy.expectedSha256)) {
    await copy.to.delete(copy.toKey);
    throw new Error(`The ${copy.purpose} copy of ${copy.fromKey} does not match its checksum; the source is kept`);
  }
  return { sha256: sent, size: streamed.size() };
}

export async function readBackHash(copy: TVerifiedCopy): Promise<string> {
  return sha256Of((await copy.to.get(copy.toKey)).body);
}

/** The sent hash when the cold object has the size sent, else a marker that matches nothing. */
async function coldStoredHash(copy: TVerifiedCopy, sent: string, size: number): Promise<string> {
  const head = await copy.to.head(copy.toKey);
  return head?.size === size ? sent : `size ${head?.size ?? 'missing'}`;
}
