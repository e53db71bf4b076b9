import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzip-compressed POSIX tar (ustar, with pax records for long names and large files), written and read as a
 * stream so media files never sit in memory. Plain tar so an operator can list or unpack a backup with `tar -tzf`.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TArchiveEntry {
  path: string;
  size: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bytes = Buffer.byteLength(body);
  // The length counts its own digits.
  let length = bytes + 1;
  while (String(length).length + bytes !== length) length = String(length).length + bytes;
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface ArchiveWriter {
  /** Adds `size` bytes read from `source`; fails when the source ends early or runs long. */
  add(path: string, size: number, source: Readable): Promise<TArchiveEntry>;
  addFile(path: string, file: string, size: number): Promise<TArchiveEntry>;
  addBuffer(path: string, data: Buffer): Promise<TArchiveEntry>;
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): void;
}

export function createArchiveWriter(file: string): ArchiveWriter {
  const output = createWriteStream(file, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(output);
  const finished = once(output, 'close');
  // Surfaced by the next write rather than as an unhandled event.
  let failure: Error | undefined;
  output.on('error', (error) => (failure = error));
  gzip.on('error', (error) => (failure = error));

  async function write(chunk: Buffer) {
    if (failure) throw failure;
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  }

  async function add(path: string, size: number, source: Readable): Promise<TArchiveEntry> {
    const mtime = Date.now();
    const needsPax = Buffer.byteLength(path) > 100 || size > MAX_OCTAL_SIZE;
    if (needsPax) {
      const records = Buffer.from(
        paxRecord('path', path) + (size > MAX_OCTAL_SIZE ? paxRecord('size', String(size)) : ''),
      );
      await write(header('PaxHeader', records.length, 'x', mtime));
      await write(records);
      await write(padding(records.length));
    }
    await write(header(needsPax ? path.slice(-100) : path, size > MAX_OCTAL_SIZE ? 0 : size, '0', mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) throw new Error(`${path} grew while it was archived`);
      hash.update(chunk);
      await write(chunk);
    }
    if (written !== size) throw new Error(`${path} shrank while it was archived`);
    await write(padding(size));
    return { path, size, sha256: hash.digest('hex') };
  }

  return {
    add,
    addFile: (path, file, size) => add(path, size, createReadStream(file)),
    addBuffer: async (path, data) => {
      const { Readable } = await import('node:stream');
      return add(path, data.length, Readable.from([data]));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await finished;
      if (failure) throw failure;
    },
    abort() {
      gzip.destroy();
      output.destroy();
    },
  };
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.length < wanted && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= wanted;
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async some(max: number): Promise<Buffer> {
    if (!(await this.fill(1))) return Buffer.alloc(0);
    const first = this.buffered[0]!;
    const taken = first.subarray(0, max);
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.length -= taken.length;
    return taken;
  }

  async exactly(size: number): Promise<Buffer> {
    if (!(await this.fill(size))) throw new Error('The archive ends in the middle of an entry');
    const all = Buffer.concat(this.buffered);
    const taken = all.subarray(0, size);
    this.buffered = all.length > size ? [all.subarray(size)] : [];
    this.length -= size;
    return taken;
  }
}

function parseOctal(block: Buffer, offset: number, width: number): number {
  const text = block
    .toString('ascii', offset, offset + width)
    .replace(/[\0 ]+$/, '')
    .trim();
  return text ? parseInt(text, 8) : 0;
}

function cString(block: Buffer, offset: number, width: number): string {
  const raw = block.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  return raw.toString('utf8', 0, end === -1 ? width : end);
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    const length = Number(data.toString('ascii', offset, space));
    if (!length) break;
    const record = data.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return records;
}

/**
 * Calls `onEntry` for every regular file in order, with its bytes as a stream the callback must consume, and
 * returns every entry with its SHA-256 (computed here, whatever the callback does with the bytes).
 */
export async function readArchive(
  file: string,
  onEntry: (path: string, size: number, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<TArchiveEntry[]> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = new ByteReader((input as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
  const entries: TArchiveEntry[] = [];
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.exactly(BLOCK).catch(() => null);
    if (!block || block.every((byte) => byte === 0)) break;
    const stored = parseOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
    if (sum !== stored) throw new Error('The archive is damaged (a tar header checksum does not match)');
    const type = String.fromCharCode(block[156]!);
    const size = pax.size ? Number(pax.size) : parseOctal(block, 124, 12);
    const prefix = cString(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${cString(block, 0, 100)}` : cString(block, 0, 100));
    pax = {};
    if (type === 'x') {
      pax = parsePax(await reader.exactly(size));
      await reader.exactly(padding(size).length);
      continue;
    }
    const hash = createHash('sha256');
    let remaining = size;
    const next = async () => {
      const chunk = await reader.some(remaining);
      if (chunk.length === 0) throw new Error('The archive ends in the middle of an entry');
      remaining -= chunk.length;
      hash.update(chunk);
      return chunk;
    };
    const content = (async function* () {
      while (remaining > 0) yield await next();
    })();
    if (type === '0' || type === '\0') await onEntry(name, size, content);
    // Whatever the callback left unread (and entries that are not files) is skipped, still hashed.
    while (remaining > 0) await next();
    await reader.exactly(padding(size).length);
    if (type === '0' || type === '\0') entries.push({ path: name, size, sha256: hash.digest('hex') });
  }
  input.destroy();
  return entries;
}

/** Writes a stream to a writable, waiting whenever it is full. */
export async function pipeInto(content: AsyncIterable<Buffer>, output: Writable): Promise<void> {
  for await (const chunk of content) {
    if (!output.write(chunk)) await once(output, 'drain');
  }
  output.end();
  await once(output, 'finish');
}
