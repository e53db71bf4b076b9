import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ItemRenditions } from '@mam/core';
import { startS3TestServer, type S3TestServer } from '@mam/workers';
import { loadActor } from '../services/actor.service';
import { addMember, setEveryonePermissions } from '../testing/library-fixtures';
import { makeVideo } from '../testing/media-fixtures';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

type TPlaybackItem = {
  transcoding: { state: string } | null;
  urls: { hls: string | null; mp4: string | null; original: string | null };
  playback: { url: string; kind: 'original' | 'growing' | 'proxy' } | null;
};

/**
 * The item's playback field through the REST API, and that its URL plays (Range requests) with the same key. The
 * earlier states (before the proxy, while HLS grows) are set on the version as the pipeline leaves them, so the
 * test does not race the transcode.
 */
describe.each(['local', 's3'] as const)('playback of an item with %s storage', (storageKind) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let alphaKey: string;
  let bravoKey: string;
  let s3: S3TestServer | null = null;
  let itemId: string;
  let finished: ItemRenditions;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-playback-spec-'));

  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  const getItem = (id: string, key = alphaKey) =>
    t.app.inject({ method: 'GET', url: `/api/v1/items/${id}`, headers: auth(key) });

  async function keyFor(slug: string, email: string, password: string) {
    const client = new TrpcClient(t.app);
    await client.login(slug, email, password);
    const created = await client.mutate<{ secret: string }>('apiKeys.create', {
      label: 'player',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!created.ok) throw new Error(created.code);
    return created.data.secret;
  }

  async function setRenditions(renditions: ItemRenditions) {
    const { version } = (await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, itemId))!;
    await t.services.deps.repos.items.updateVersion(alpha.tenant.id, version!.id, { renditions });
  }

  beforeAll(async () => {
    t = await createTestApp('pglite', { media: true });
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    if (storageKind === 's3') {
      s3 = await startS3TestServer({ buckets: ['media'] });
      const admin = await loadActor(t.services.deps, alpha.admin);
      await t.services.storages.create(
        admin,
        {
          name: 'Bucket',
          description: '',
          kind: 's3',
          types: ['upload', 'generated'],
          defaultTypes: ['upload', 'generated'],
          enableDeletion: true,
          pathPrefix: alpha.tenant.slug,
          bucket: 'media',
          region: 'us-east-1',
          endpoint: s3.endpoint,
          permissionMethod: 'gateway',
          roleArn: '',
          forcePathStyle: true,
          credentials: s3.credentials,
        },
        null,
      );
    }
    alphaKey = await keyFor('alpha', alpha.adminEmail, alpha.adminPassword);
    bravoKey = await keyFor('bravo', bravo.adminEmail, bravo.adminPassword);
    const uploaded = await new TusTestClient(t.app, auth(alphaKey)).upload(makeVideo(dir), {
      filename: 'interview.mp4',
    });
    itemId = uploaded.itemId;
    for (let i = 0; i < 600; i++) {
      const item = (await getItem(itemId)).json() as TPlaybackItem;
      if (item.transcoding?.state === 'COMPLETE' || item.transcoding?.state === 'ERROR') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const { version } = (await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, itemId))!;
    finished = version!.renditions;
  }, 300_000);
  afterAll(async () => {
    await t.dispose();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays the finished proxy once processing is done', async () => {
    const item = (await getItem(itemId)).json() as TPlaybackItem;
    expect(item.transcoding?.state).toBe('COMPLETE');
    expect(item.playback).toEqual({ url: item.urls.hls, kind: 'proxy' });
    const playlist = await t.app.inject({ method: 'GET', url: item.playback!.url, headers: auth(alphaKey) });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    // The console reads the same field through its item procedure, with its session.
    const session = new TrpcClient(t.app);
    await session.login('alpha', alpha.adminEmail, alpha.adminPassword);
    const seen = await session.query<TPlaybackItem>('items.get', { itemId });
    expect(seen.ok && seen.data.playback).toEqual(item.playback);
    const bravoConsole = new TrpcClient(t.app);
    await bravoConsole.login('bravo', bravo.adminEmail, bravo.adminPassword);
    expect(await bravoConsole.query('items.get', { itemId })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('plays the H.264/AAC original before any rendition exists, with Range requests and the same key', async () => {
    await setRenditions({});
    try {
      const item = (await getItem(itemId)).json() as TPlaybackItem;
      expect(item.playback).toEqual({ url: item.urls.original, kind: 'original' });
      const range = await t.app.inject({
        method: 'GET',
        url: item.playback!.url,
        headers: { ...auth(alphaKey), range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['accept-ranges']).toBe('bytes');
      expect(range.headers['content-type']).toBe('video/mp4');
      expect(range.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      expect(range.rawPayload.length).toBe(100);
      const tail = await t.app.inject({
        method: 'GET',
        url: item.playback!.url,
        headers: { ...auth(alphaKey), range: 'bytes=-10' },
      });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.length).toBe(10);
    } finally {
      await setRenditions(finished);
    }
  });

  it('plays HLS while it grows, its playlists never cached, then the proxy when it ends', async () => {
    await setRenditions({ ...finished, proxyMp4: undefined, hlsGrowing: true });
    try {
      const item = (await getItem(itemId)).json() as TPlaybackItem;
      expect(item.playback).toEqual({ url: item.urls.hls, kind: 'growing' });
      const playlist = await t.app.inject({ method: 'GET', url: item.playback!.url, headers: auth(alphaKey) });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['cache-control']).toBe('no-store');
      // A segment named in the variant playlists is written once: it may be kept.
      const master = playlist.body;
      const variant = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
      const base = item.playback!.url.slice(0, item.playback!.url.lastIndexOf('/') + 1);
      const variantBody = (await t.app.inject({ method: 'GET', url: base + variant, headers: auth(alphaKey) })).body;
      const segment = variantBody.split('\n').find((line) => line && !line.startsWith('#'))!;
      const variantBase = (base + variant).slice(0, (base + variant).lastIndexOf('/') + 1);
      const segmentReply = await t.app.inject({ method: 'GET', url: variantBase + segment, headers: auth(alphaKey) });
      expect(segmentReply.statusCode).toBe(200);
      expect(segmentReply.headers['cache-control']).toContain('immutable');
    } finally {
      await setRenditions(finished);
    }
    expect(((await getItem(itemId)).json() as TPlaybackItem).playback?.kind).toBe('proxy');
  });

  it('does not offer the original to a key without the download permission', async () => {
    await setRenditions({});
    await setEveryonePermissions(t, alpha, { downloadMedia: false });
    try {
      const watcher = await addMember(t, alpha, `watcher-${storageKind}`, {
        apiKeys: true,
        downloadMedia: false,
      });
      const created = await watcher.client.mutate<{ secret: string }>('apiKeys.create', {
        label: 'watcher',
        expiresAt: null,
        maxUnusedDays: null,
      });
      if (!created.ok) throw new Error(created.code);
      const seen = await getItem(itemId, created.data.secret);
      expect(seen.statusCode).toBe(200);
      expect((seen.json() as TPlaybackItem).playback).toBeNull();
      // The admin, who may download, is still offered it.
      expect(((await getItem(itemId)).json() as TPlaybackItem).playback?.kind).toBe('original');
    } finally {
      await setEveryonePermissions(t, alpha, {});
      await setRenditions(finished);
    }
  });

  it("gives tenant B's key 404 for tenant A's item, its playback and its original", async () => {
    const hls = ((await getItem(itemId)).json() as TPlaybackItem).urls.hls!;
    await setRenditions({});
    try {
      const item = (await getItem(itemId)).json() as TPlaybackItem;
      expect(item.playback?.kind).toBe('original');
      expect((await getItem(itemId, bravoKey)).statusCode).toBe(404);
      for (const url of [item.playback!.url, hls]) {
        const media = await t.app.inject({ method: 'GET', url, headers: { ...auth(bravoKey), range: 'bytes=0-99' } });
        expect(media.statusCode).toBe(404);
      }
    } finally {
      await setRenditions(finished);
    }
  });
});
