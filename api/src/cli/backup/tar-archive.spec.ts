import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createArchiveWriter, readArchive } from './tar-archive';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('backup tar archive', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-tar-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const longName = `storage/${'tenant-0123456789/'.repeat(6)}original file with spaces é.mxf`;
  const big = Buffer.from(Array.from({ length: 200_003 }, (_, i) => (i * 31) % 251));

  async function write(file: string) {
    const writer = createArchiveWriter(file);
    const entries = [
      await writer.addBuffer('database/000-public.tenant.copy', Buffer.from('1\tNews\n')),
      await writer.addBuffer('storage/empty', Buffer.alloc(0)),
      await writer.add(longName, big.length, Readable.from([big.subarray(0, 70_000), big.subarray(70_000)])),
    ];
    await writer.finish();
    return entries;
  }

  it('reads back every entry, long and non-ASCII names included, with the checksums it was written with', async () => {
    const file = path.join(dir, 'round-trip.tar.gz');
    const written = await write(file);
    expect(written[2]).toEqual({ path: longName, size: big.length, sha256: sha256(big) });
    const contents = new Map<string, Buffer>();
    const read = await readArchive(file, async (name, _size, content) => {
      // Only part of one entry is read: the reader skips the rest and still hashes it.
      if (name === 'storage/empty') return;
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk);
      contents.set(name, Buffer.concat(chunks));
    });
    expect(read).toEqual(written);
    expect(contents.get(longName)!.equals(big)).toBe(true);
    expect(contents.get('database/000-public.tenant.copy')!.toString()).toBe('1\tNews\n');
  });

  it('is a tar file other tools read', async () => {
    const file = path.join(dir, 'tools.tar.gz');
    await write(file);
    const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual(['database/000-public.tenant.copy', 'storage/empty', longName]);
  });

  it('reports a damaged header and a truncated archive', async () => {
    const file = path.join(dir, 'damaged.tar.gz');
    await write(file);
    const tar = gunzipSync(readFileSync(file));
    const headerDamaged = Buffer.from(tar);
    headerDamaged[10] = headerDamaged[10]! ^ 1;
    writeFileSync(file, gzipSync(headerDamaged));
    await expect(readArchive(file, async () => undefined)).rejects.toThrow('tar header checksum');
    writeFileSync(file, gzipSync(tar.subarray(0, 512 * 4)));
    await expect(readArchive(file, async () => undefined)).rejects.toThrow('ends in the middle of an entry');
  });
});
