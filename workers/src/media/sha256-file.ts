import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file as lowercase hex, streamed: the event loop stays free and memory flat whatever its size. */
export async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024, signal })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}
