import { createHash } from 'node:crypto';
import type { ObjectStorage } from '@mam/workers';

/** Retries `check` until it stops throwing; the last failure when time is up. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stored object's bytes, read to the end. */
export async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
