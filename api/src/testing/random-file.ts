import { createHash, randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const BLOCK = 8 * 1024 * 1024;

/** Random bytes (incompressible, as media is) written to `file`; resolves with their SHA-256 (hex). */
export async function writeRandomFile(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const block = Buffer.alloc(BLOCK);
  for (let written = 0; written < bytes; written += block.length) {
    const chunk = randomFillSync(block).subarray(0, Math.min(block.length, bytes - written));
    hash.update(chunk);
    if (!out.write(Buffer.from(chunk))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}
