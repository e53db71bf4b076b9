import { Worker } from 'node:worker_threads';

// Plain JavaScript run with `eval`, so the thread needs no build step of its own on either side of tsx.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const whole = createHash('sha256');
const wholeMd5 = createHash('md5');
parentPort.on('message', (message) => {
  if (message.part) {
    const bytes = Buffer.from(message.part.buffer, message.part.byteOffset, message.part.byteLength);
    whole.update(bytes);
    wholeMd5.update(bytes);
    parentPort.postMessage({ id: message.id, md5: createHash('md5').update(bytes).digest('hex') });
  } else {
    parentPort.postMessage({ id: message.id, sha256: whole.digest('hex'), md5: wholeMd5.digest('hex') });
  }
});
`;

export interface PartHasher {
  /** Feeds the next part (in order); resolves with the part's MD5 (hex), what S3 makes its ETag of. */
  part(bytes: Buffer): Promise<string>;
  /** The whole stream's SHA-256 and MD5 (hex), once every part is fed. */
  end(): Promise<{ sha256: string; md5: string }>;
  close(): Promise<void>;
}

/**
 * Hashes a stream part by part on a thread of its own: a multi-gigabyte copy hashes each byte three times (the file's
 * SHA-256 and MD5, each part's MD5), which on the event loop would take turns with the upload itself.
 */
export function createPartHasher(): PartHasher {
  const worker = new Worker(SOURCE, { eval: true });
  const waiting = new Map<number, { resolve(value: never): void; reject(error: Error): void }>();
  let next = 0;
  let failure: Error | null = null;
  worker.on('message', (message: { id: number }) => {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    pending?.resolve(message as never);
  });
  worker.on('error', (error) => {
    failure = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  const ask = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: never) => void, reject });
      // The part is copied to the thread: the upload still sends this buffer meanwhile.
      worker.postMessage({ ...message, id });
    });
  };
  return {
    part: async (bytes) => (await ask<{ md5: string }>({ part: bytes })).md5,
    end: () => ask<{ sha256: string; md5: string }>({}),
    close: async () => void (await worker.terminate()),
  };
}
