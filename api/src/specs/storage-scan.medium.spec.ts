import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import { storageScanWorkflowId } from '@mam/workflows';
import { adminApiKey, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import { makeAudio, makeImage, makeVideo } from '../testing/media-fixtures';
import type { TestApp } from '../testing/test-app';

type Scan = { id: string; status: string; filesSeen: number; itemsCreated: number; filesSkipped: number };

/**
 * Storage scan (issue 24, spec section 4): a catch-up ingest of a storage location makes an item of each media file
 * not yet known, processes it like an upload, and makes nothing on a rescan; another tenant sees none of it.
 */
describe.each(testBackends)('storage scan on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let alphaKey: string;
  let bravoKey: string;
  let storageId: string;
  let folder: string;

  beforeAll(async () => {
    ({ t, alpha, bravo } = await twoTenantLibrary(backend, { media: true }));
    alphaKey = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
    const created = await rest(t, alphaKey, 'POST', '/storages', {
      name: 'Incoming',
      kind: 'local',
      types: ['archive'],
      pathPrefix: 'incoming',
    });
    expect(created.status).toBe(201);
    storageId = created.body.id as string;
    // Local locations keep each tenant's files under its own id.
    folder = path.join(t.dataDir, 'storage', 'incoming', alpha.tenant.id, 'news');
    mkdirSync(folder, { recursive: true });
    makeVideo(folder, 'interview.mp4', 1, '160x90');
    makeAudio(folder, 'tone.wav', 1);
    makeImage(folder, 'still.png');
    writeFileSync(path.join(folder, 'readme.txt'), 'not media');
  }, 120_000);
  afterAll(() => t.dispose());

  async function scan(body: Record<string, unknown> = {}): Promise<Scan> {
    const started = await rest(t, alphaKey, 'POST', `/storages/${storageId}/scans`, body);
    expect(started.status).toBe(202);
    await t.services.deps.workflows!.result(storageScanWorkflowId(alpha.tenant.id, storageId));
    const done = await rest(t, alphaKey, 'GET', `/storages/${storageId}/scans/${started.body.id as string}`);
    expect(done.status).toBe(200);
    return done.body as unknown as Scan;
  }

  const scannedVersions = async () =>
    (await t.services.deps.repos.items.listVersionsAwaitingProcessing()).filter((v) => v.storageId === storageId);

  async function scannedItems() {
    const { repos } = t.services.deps;
    const files = await repos.storageScans.listFiles(alpha.tenant.id, storageId);
    const items = [];
    for (const file of files) {
      const found = await repos.items.findWithVersion(alpha.tenant.id, file.itemId!);
      items.push({
        title: found!.item.title,
        state: found!.version!.transcoding.state,
        key: found!.version!.originalKey,
      });
    }
    return items.sort((a, b) => a.title.localeCompare(b.title));
  }

  async function processed() {
    for (let i = 0; i < 240 && (await scannedVersions()).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('makes an item of each media file, referenced where it lies and processed like an upload', async () => {
    const first = await scan();
    expect(first).toMatchObject({ status: 'completed', filesSeen: 4, itemsCreated: 3, filesSkipped: 1 });
    await processed();
    const items = await scannedItems();
    expect(items.map((i) => [i.title, i.state])).toEqual([
      ['interview', 'COMPLETE'],
      ['still', 'COMPLETE'],
      ['tone', 'COMPLETE'],
    ]);
    expect(items.map((i) => i.key).sort()).toEqual(
      ['interview.mp4', 'still.png', 'tone.wav'].map((name) => `${alpha.tenant.id}/news/${name}`),
    );
  }, 180_000);

  it('makes nothing on a rescan of the same files', async () => {
    const again = await scan();
    expect(again).toMatchObject({ status: 'completed', filesSeen: 4, itemsCreated: 0, filesSkipped: 4 });
    expect(await scannedItems()).toHaveLength(3);
  }, 60_000);

  it('ingests only files modified within the date range', async () => {
    const old = makeImage(folder, 'archive-still.png');
    utimesSync(old, new Date('2020-01-15T12:00:00Z'), new Date('2020-01-15T12:00:00Z'));
    const outside = await scan({ from: '2019-01-01T00:00:00Z', to: '2019-12-31T23:59:59Z' });
    expect(outside).toMatchObject({ filesSeen: 5, itemsCreated: 0 });
    const inside = await scan({ from: '2020-01-01T00:00:00Z', to: '2020-01-31T23:59:59Z' });
    expect(inside).toMatchObject({ filesSeen: 5, itemsCreated: 1 });
    await processed();
    expect((await scannedItems()).map((i) => i.title)).toContain('archive-still');
  }, 120_000);

  it('refuses to scan where the product writes renditions, with the spec’s message', async () => {
    const listed = await rest(t, alphaKey, 'GET', '/storages');
    const builtIn = (listed.body.storages as Array<{ id: string; builtIn: boolean }>).find((s) => s.builtIn)!;
    const refused = await rest(t, alphaKey, 'POST', `/storages/${builtIn.id}/scans`, {});
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'STORAGE_SCANNING_FAILED', message: 'Failed to initialize scanning of storage' },
    });
  });

  it('shows another tenant none of it', async () => {
    const [latest] = (await rest(t, alphaKey, 'GET', `/storages/${storageId}/scans`)).body.scans as Scan[];
    expect((await rest(t, bravoKey, 'GET', `/storages/${storageId}/scans/${latest!.id}`)).status).toBe(404);
    expect((await rest(t, bravoKey, 'GET', `/storages/${storageId}/scans`)).status).toBe(404);
    expect((await rest(t, bravoKey, 'POST', `/storages/${storageId}/scans`, {})).status).toBe(404);
    expect((await rest(t, bravoKey, 'GET', `/storages/${storageId}`)).status).toBe(404);
    const theirs = (await rest(t, bravoKey, 'GET', '/storages')).body.storages as Array<{ id: string }>;
    expect(theirs.map((s) => s.id)).not.toContain(storageId);
  });
});
