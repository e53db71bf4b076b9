import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createLocalColdStorage } from './local-cold-storage';
import { isStorageError, type ObjectStorage } from './object-storage';

async function text(storage: ObjectStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (isStorageError(error) ? error.reason : String(error)),
  );

describe('local cold storage', () => {
  let root: string;
  let now: Date;
  let storage: ObjectStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cold-'));
    now = new Date('2030-01-01T00:00:00Z');
    storage = createLocalColdStorage({ root, delays: { expressSeconds: 60, standardSeconds: 3600 }, clock: () => now });
    await storage.put('t1/a.mxf', Readable.from([Buffer.from('essence')]));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('lists and heads an object at once but reads it only after its restore delay', async () => {
    expect((await storage.head('t1/a.mxf'))?.size).toBe(7);
    expect((await storage.list('t1/')).map((e) => e.key)).toEqual(['t1/a.mxf']);
    expect(await reasonOf(storage.get('t1/a.mxf'))).toBe('not_restored');
    expect(await reasonOf(storage.toLocalFile('t1/a.mxf', root))).toBe('not_restored');
    expect(await storage.cold!.restoreStatus('t1/a.mxf')).toEqual({ ready: false, readyAt: null });

    const asked = await storage.cold!.requestRestore('t1/a.mxf', 'express');
    expect(asked).toEqual({ ready: false, readyAt: new Date('2030-01-01T00:01:00Z') });
    // Asking again, even for another tier, keeps the first request.
    expect(await storage.cold!.requestRestore('t1/a.mxf', 'standard')).toEqual(asked);
    // The marker is no object: not listed, not a key.
    expect((await storage.list('')).map((e) => e.key)).toEqual(['t1/a.mxf']);
    expect(await reasonOf(storage.get('.restore/t1/a.mxf.json'))).toBe('invalid_key');

    now = new Date('2030-01-01T00:00:59Z');
    expect(await reasonOf(storage.get('t1/a.mxf'))).toBe('not_restored');
    now = new Date('2030-01-01T00:01:00Z');
    expect((await storage.cold!.restoreStatus('t1/a.mxf')).ready).toBe(true);
    expect(await text(storage, 't1/a.mxf')).toBe('essence');
  });

  it('takes the standard delay for the standard tier, and makes a rewritten object cold again', async () => {
    expect((await storage.cold!.requestRestore('t1/a.mxf', 'standard')).readyAt).toEqual(
      new Date('2030-01-01T01:00:00Z'),
    );
    now = new Date('2030-01-01T01:00:00Z');
    expect(await text(storage, 't1/a.mxf')).toBe('essence');
    await storage.put('t1/a.mxf', Readable.from([Buffer.from('new essence')]));
    expect(await reasonOf(storage.get('t1/a.mxf'))).toBe('not_restored');
  });

  it('takes an express request over a standard one under way: ready at the sooner of the two', async () => {
    await storage.cold!.requestRestore('t1/a.mxf', 'standard');
    now = new Date('2030-01-01T00:10:00Z');
    expect(await storage.cold!.requestRestore('t1/a.mxf', 'express')).toEqual({
      ready: false,
      readyAt: new Date('2030-01-01T00:11:00Z'),
    });
    // Standard again changes nothing; nor does express once the copy is readable.
    expect((await storage.cold!.requestRestore('t1/a.mxf', 'standard')).readyAt).toEqual(
      new Date('2030-01-01T00:11:00Z'),
    );
    now = new Date('2030-01-01T00:11:00Z');
    expect(await text(storage, 't1/a.mxf')).toBe('essence');
    expect(await storage.cold!.requestRestore('t1/a.mxf', 'express')).toEqual({
      ready: true,
      readyAt: new Date('2030-01-01T00:11:00Z'),
    });
  });

  it('says a missing object is missing, not cold', async () => {
    expect(await reasonOf(storage.get('t1/none.mxf'))).toBe('not_found');
    expect(await reasonOf(storage.cold!.requestRestore('t1/none.mxf', 'express'))).toBe('not_found');
    await storage.cold!.requestRestore('t1/a.mxf', 'express');
    await storage.delete('t1/a.mxf');
    await storage.put('t1/a.mxf', Readable.from([Buffer.from('again')]));
    expect(await storage.cold!.restoreStatus('t1/a.mxf')).toEqual({ ready: false, readyAt: null });
  });
});
