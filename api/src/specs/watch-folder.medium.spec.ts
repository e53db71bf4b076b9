import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testBackends } from '@mam/db/testing';
import { watchFolderWorkflowId } from '@mam/workflows';
import { adminApiKey, rest, rootFolderId, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import { makeVideo } from '../testing/media-fixtures';
import type { TestApp } from '../testing/test-app';

type WatchFolder = { id: string; state: string; filesIngested: number; enabled: boolean };

const STABLE_SECONDS = 2;

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Watch folders (issue 24, spec section 3): a file that lands in a watched high-res location becomes exactly one
 * item of the target folder once it stopped changing, also across a restart; another tenant sees none of it.
 */
describe.each(testBackends)('watch folder on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TTwoTenantLibrary['admin'];
  let bravoAdmin: TTwoTenantLibrary['bravoAdmin'];
  let alphaKey: string;
  let bravoKey: string;
  let storageId: string;
  let target: string;
  let watchFolder: WatchFolder;
  let dropDir: string;
  let scratch: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin } = await twoTenantLibrary(backend, { media: true }));
    alphaKey = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
    const storage = await rest(t, alphaKey, 'POST', '/storages', {
      name: 'Ingest share',
      kind: 'local',
      types: ['upload'],
      pathPrefix: 'ingest-share',
    });
    expect(storage.status).toBe(201);
    storageId = storage.body.id as string;
    const folder = await rest(t, alphaKey, 'POST', '/folders', { name: 'From the share' });
    expect(folder.status).toBe(201);
    target = folder.body.id as string;
    dropDir = path.join(t.dataDir, 'storage', 'ingest-share', alpha.tenant.id, 'drop');
    mkdirSync(dropDir, { recursive: true });
    scratch = mkdtempSync(path.join(os.tmpdir(), 'mam-watch-'));
  }, 120_000);
  afterAll(() => t.dispose());

  const claims = () => t.services.deps.repos.watchFolders.listFiles(alpha.tenant.id, watchFolder.id);
  const claimed = async (name: string) => (await claims()).find((c) => c.key.endsWith(`/drop/${name}`));

  /** Made elsewhere and moved in, as a copy tool finishing with a rename would. */
  function drop(name: string): string {
    const made = makeVideo(scratch, name, 1, '160x90');
    const into = path.join(dropDir, name);
    renameSync(made, into);
    return into;
  }

  it('creates a watch folder that starts watching at once', async () => {
    const created = await rest(t, alphaKey, 'POST', '/watch-folders', {
      storageId,
      subpath: '/drop/',
      folderId: target,
      stableSeconds: STABLE_SECONDS,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { storageId, subpath: 'drop', folderId: target, enabled: true, state: 'watching', filesIngested: 0 },
    });
    watchFolder = created.body as unknown as WatchFolder;
    const again = await rest(t, alphaKey, 'POST', '/watch-folders', { storageId, subpath: 'drop', folderId: target });
    expect(again).toMatchObject({ status: 409, body: { code: 'WATCH_FOLDER_DUPLICATE' } });
    const inItems = await rest(t, alphaKey, 'POST', '/watch-folders', {
      storageId,
      subpath: 'items',
      folderId: target,
    });
    expect(inItems).toMatchObject({ status: 400, body: { code: 'WATCH_FOLDER_SUBPATH_INVALID' } });
  });

  it('makes exactly one item in the target folder of a dropped file once stable, processed like an upload', async () => {
    drop('interview.mp4');
    const claim = await until('the file is ingested', () => claimed('interview.mp4'));
    const found = await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, claim.itemId!);
    expect(found!.item).toMatchObject({ title: 'interview', folderId: target });
    expect(found!.version!.originalKey).toBe(`${alpha.tenant.id}/drop/interview.mp4`);
    const state = await until(
      'the item is processed',
      async () => {
        const now = await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, claim.itemId!);
        const done = now!.version!.transcoding.state;
        return done === 'COMPLETE' || done === 'ERROR' ? done : undefined;
      },
      120_000,
    );
    expect(state).toBe('COMPLETE');
    // More polls find the file claimed: still one item.
    await pause(STABLE_SECONDS * 2 * 1000 + 500);
    expect(await claims()).toHaveLength(1);
  }, 180_000);

  it('does not ingest a file while it is still growing', async () => {
    const source = readFileSync(makeVideo(scratch, 'growing-source.mp4', 1, '160x90'));
    const file = path.join(dropDir, 'growing.mp4');
    const parts = 12;
    const chunk = Math.ceil(source.length / parts);
    writeFileSync(file, source.subarray(0, chunk));
    // A part every 300 ms: no two polls the stable time apart see the same size.
    for (let part = 1; part < parts; part++) {
      await pause(300);
      appendFileSync(file, source.subarray(part * chunk, (part + 1) * chunk));
      expect(await claimed('growing.mp4')).toBeUndefined();
    }
    const claim = await until('the grown file is ingested', () => claimed('growing.mp4'));
    expect(claim.size).toBe(source.length);
    expect((await claims()).filter((c) => c.key.endsWith('growing.mp4'))).toHaveLength(1);
  }, 120_000);

  it('ingests nothing again after a restart, and goes on watching', async () => {
    const before = await claims();
    await t.pipeline.stop();
    await t.pipeline.start();
    // The run resumed from its history; boot's resume finds it running and starts no second one.
    expect(await t.services.watchFolders.resumeAll()).toBe(0);
    const description = await t.services.deps.workflows!.describe(
      watchFolderWorkflowId(alpha.tenant.id, watchFolder.id),
    );
    expect(description.status).toBe('RUNNING');
    drop('after-restart.mp4');
    await until('the file dropped after the restart is ingested', () => claimed('after-restart.mp4'));
    const after = await claims();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((c) => c.key.endsWith('interview.mp4'))).toHaveLength(1);
    const listed = await rest(t, alphaKey, 'GET', `/watch-folders/${watchFolder.id}`);
    expect(listed.body).toMatchObject({ state: 'watching', filesIngested: before.length + 1 });
  }, 180_000);

  it('makes nothing when a poll is run again after a crash mid-ingest', async () => {
    const row = await t.services.deps.repos.watchFolders.findById(alpha.tenant.id, watchFolder.id);
    const [first] = await claims();
    const again = await t.services.watchFolders.ingest(row!, {
      key: first!.key,
      size: first!.size,
      version: first!.version,
    });
    expect(again).toBe(false);
    expect(await claims()).toHaveLength(3);
  });

  it('shows another tenant none of it, and refuses its location and folder to them', async () => {
    expect((await rest(t, bravoKey, 'GET', '/watch-folders')).body).toEqual({ watchFolders: [] });
    expect((await rest(t, bravoKey, 'GET', `/watch-folders/${watchFolder.id}`)).status).toBe(404);
    expect((await rest(t, bravoKey, 'PATCH', `/watch-folders/${watchFolder.id}`, { enabled: false })).status).toBe(404);
    expect((await rest(t, bravoKey, 'DELETE', `/watch-folders/${watchFolder.id}`)).status).toBe(404);
    const theirStorage = await rest(t, bravoKey, 'POST', '/storages', {
      name: 'Bravo share',
      kind: 'local',
      types: ['upload'],
      pathPrefix: 'bravo-share',
    });
    const bravoRoot = await rootFolderId(t, bravo);
    const onAlphaStorage = await rest(t, bravoKey, 'POST', '/watch-folders', { storageId, folderId: bravoRoot });
    expect(onAlphaStorage.status).toBe(404);
    const intoAlphaFolder = await rest(t, bravoKey, 'POST', '/watch-folders', {
      storageId: theirStorage.body.id,
      folderId: target,
    });
    expect(intoAlphaFolder.status).toBe(404);
    // The console's procedures alike.
    expect(await bravoAdmin.query('watchFolders.list')).toMatchObject({ ok: true, data: [] });
    const id = watchFolder.id;
    expect(await bravoAdmin.mutate('watchFolders.update', { id, enabled: false })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await bravoAdmin.mutate('watchFolders.delete', { id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await bravoAdmin.mutate('watchFolders.create', { storageId, folderId: bravoRoot, subpath: 'theirs' }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const ours = await admin.query<Array<{ id: string; enabled: boolean }>>('watchFolders.list');
    expect(ours.ok && ours.data.map((w) => [w.id, w.enabled])).toEqual([[id, true]]);
  });

  it('stops watching when disabled, watches again when enabled, and stops for good when deleted', async () => {
    const disabled = await rest(t, alphaKey, 'PATCH', `/watch-folders/${watchFolder.id}`, { enabled: false });
    expect(disabled).toMatchObject({ status: 200, body: { enabled: false, state: 'disabled' } });
    const workflowId = watchFolderWorkflowId(alpha.tenant.id, watchFolder.id);
    await until(
      'the workflow ends',
      async () => (await t.services.deps.workflows!.describe(workflowId)).status !== 'RUNNING',
    );
    expect(await t.services.watchFolders.resumeAll()).toBe(0);
    drop('while-disabled.mp4');
    await pause(STABLE_SECONDS * 2 * 1000 + 500);
    expect(await claimed('while-disabled.mp4')).toBeUndefined();
    // Turned on again, it watches again: what landed meanwhile is ingested.
    const enabled = await rest(t, alphaKey, 'PATCH', `/watch-folders/${watchFolder.id}`, { enabled: true });
    expect(enabled).toMatchObject({ status: 200, body: { enabled: true, state: 'watching' } });
    await until('the file dropped while disabled is ingested', () => claimed('while-disabled.mp4'));
    expect((await rest(t, alphaKey, 'DELETE', `/watch-folders/${watchFolder.id}`)).status).toBe(200);
    await until(
      'the workflow ends',
      async () => (await t.services.deps.workflows!.describe(workflowId)).status !== 'RUNNING',
    );
    expect((await rest(t, alphaKey, 'GET', `/watch-folders/${watchFolder.id}`)).status).toBe(404);
    expect((await rest(t, alphaKey, 'GET', '/watch-folders')).body).toEqual({ watchFolders: [] });
  }, 90_000);
});
