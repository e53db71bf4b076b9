import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testBackends, type TTestBackend } from '@mam/db/testing';
import { startS3TestServer, type S3TestServer } from '@mam/workers';
import { loadActor } from '../services/actor.service';
import {
  makeAudio,
  makeBroadcastMxf,
  makeImage,
  makeOneFrameVideo,
  makePdf,
  makeTruncatedVideo,
  makeVideo,
} from '../testing/media-fixtures';
import { createTenant, createTestApp, TrpcClient, type TestApp } from '../testing/test-app';
import { TusTestClient } from '../testing/tus-client';

type ItemView = {
  id: string;
  proxy: { hls: string | null; mp4: string | null };
  thumbnail: string | null;
  itemType: string;
  title: string;
  folderId: string | null;
  upload: { state: string; receivedBytes: number } | null;
  transcoding: { state: string; error: string | null; progress: number } | null;
  media: {
    durationSeconds: number | null;
    frameRate: string | null;
    width: number | null;
    timecodeStart: string | null;
    segmentCount: number | null;
  } | null;
  urls: {
    hls: string | null;
    mp4: string | null;
    thumbnail: string | null;
    waveform: string | null;
    filmstrip: { sprite: string } | null;
  };
};

/** Every upload and processing test on both databases with local storage, and on PGlite with an S3 bucket. */
const cases: Array<[TTestBackend, 'local' | 's3']> = [
  ...testBackends.map((backend): [TTestBackend, 'local'] => [backend, 'local']),
  ['pglite', 's3'],
];

/** The tenant's uploads and generated media go to a bucket of the S3 test server. */
async function useBucket(t: TestApp, tenant: Awaited<ReturnType<typeof createTenant>>, s3: S3TestServer) {
  const admin = await loadActor(t.services.deps, tenant.admin);
  await t.services.storages.create(
    admin,
    {
      name: 'Bucket',
      description: '',
      kind: 's3',
      types: ['upload', 'generated'],
      defaultTypes: ['upload', 'generated'],
      enableDeletion: true,
      pathPrefix: tenant.tenant.slug,
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

describe.each(cases)('uploads and processing on %s with %s storage', (backend, storageKind) => {
  let t: TestApp;
  let alpha: Awaited<ReturnType<typeof createTenant>>;
  let bravo: Awaited<ReturnType<typeof createTenant>>;
  let alphaKey: string;
  let bravoKey: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-uploads-spec-'));

  async function keyFor(tenant: typeof alpha) {
    const client = new TrpcClient(t.app);
    await client.login(tenant.tenant.slug, tenant.adminEmail, tenant.adminPassword);
    const created = await client.mutate<{ secret: string }>('apiKeys.create', {
      label: 'robot',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!created.ok) throw new Error(created.code);
    return created.data.secret;
  }

  let s3: S3TestServer | null = null;

  beforeAll(async () => {
    t = await createTestApp(backend, { media: true });
    alpha = await createTenant(t, 'alpha');
    bravo = await createTenant(t, 'bravo');
    if (storageKind === 's3') {
      s3 = await startS3TestServer({ buckets: ['media'] });
      await useBucket(t, alpha, s3);
      await useBucket(t, bravo, s3);
    }
    alphaKey = await keyFor(alpha);
    bravoKey = await keyFor(bravo);
  });
  afterAll(async () => {
    await t.dispose();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const disguised = (file: string, name: string) => {
    const target = path.join(dir, name);
    copyFileSync(file, target);
    return target;
  };
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  const getItem = (id: string, key = alphaKey) =>
    t.app.inject({ method: 'GET', url: `/api/v1/items/${id}`, headers: auth(key) });

  async function settled(id: string): Promise<ItemView> {
    for (let i = 0; i < 600; i++) {
      const item = (await getItem(id)).json() as ItemView;
      if (item.transcoding?.state === 'COMPLETE' || item.transcoding?.state === 'ERROR') return item;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`item ${id} did not settle`);
  }

  it('creates the item at upload creation, resumes from the offset and processes a video into HLS', async () => {
    const video = makeVideo(dir);
    const size = statSync(video).size;
    const tus = new TusTestClient(t.app, auth(alphaKey));
    const created = await tus.create(size, { filename: 'interview.mp4', title: 'Interview' });
    expect(created.statusCode).toBe(201);
    const itemId = String(created.headers['item-id']);
    expect(String(created.headers['access-control-expose-headers'])).toContain('Item-Id');

    const uploading = (await getItem(itemId)).json() as ItemView;
    expect(uploading).toMatchObject({ title: 'Interview', upload: { state: 'PROGRESSING' } });

    // Half, then ask where to go on, as a client does after a dropped connection.
    const { readFileSync } = await import('node:fs');
    const data = readFileSync(video);
    const location = String(created.headers.location);
    const half = Math.floor(size / 2);
    expect((await tus.append(location, 0, data.subarray(0, half))).statusCode).toBe(204);
    const head = await tus.offset(location);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await tus.append(location, half, data.subarray(half))).statusCode).toBe(204);

    const item = await settled(itemId);
    // The original and the renditions went where the tenant's default storages are.
    const { version } = (await t.services.deps.repos.items.findWithVersion(alpha.tenant.id, itemId))!;
    for (const storageId of [version!.storageId!, version!.generatedStorageId!]) {
      expect(await t.services.storages.info(alpha.tenant.id, storageId)).toMatchObject({ kind: storageKind });
    }
    // What each rendition step stored is kept, for the tenant's quota.
    for (const step of ['proxy', 'hls', 'thumbnail', 'filmstrip']) {
      expect(version!.renditionBytes[step]).toBeGreaterThan(0);
    }
    // The HLS grew as EVENT playlists while it was encoded; finished, they end and the version says so.
    expect(version!.renditions).toMatchObject({ hlsMaster: 'hls/master.m3u8', proxyMp4: 'proxy/proxy.mp4' });
    expect(version!.renditions.hlsGrowing).toBeUndefined();
    const lowest = await t.app.inject({
      method: 'GET',
      url: item.urls.hls!.replace('master.m3u8', 'stream_0.m3u8'),
      headers: auth(alphaKey),
    });
    expect(lowest.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(lowest.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // A client that lost the last answer asks again: every byte is in, so it finishes instead of sending it anew.
    const again = await tus.offset(location);
    expect({
      status: again.statusCode,
      offset: again.headers['upload-offset'],
      length: again.headers['upload-length'],
    }).toEqual({ status: 200, offset: String(size), length: String(size) });
    // The uploader sees both runs in the activity monitor.
    const operations = await t.app.inject({ method: 'GET', url: '/api/v1/operations', headers: auth(alphaKey) });
    const ofItem = (operations.json() as { operations: { itemId: string; kind: string; status: string }[] }).operations
      .filter((o) => o.itemId === itemId)
      .map((o) => `${o.kind}:${o.status}`)
      .sort();
    expect(ofItem).toEqual(['transcode:done', 'upload:done']);
    expect(item).toMatchObject({
      itemType: 'video',
      transcoding: { state: 'COMPLETE', error: null },
      media: { frameRate: '50/1', width: 320, timecodeStart: '10:00:00:00' },
    });
    expect(item.media!.durationSeconds).toBeCloseTo(2, 0);
    expect(item.media!.segmentCount).toBeGreaterThan(0);
    expect(item).toMatchObject({ proxy: { hls: item.urls.hls, mp4: item.urls.mp4 }, thumbnail: item.urls.thumbnail });
    for (const url of [
      item.urls.hls,
      item.urls.mp4,
      item.urls.thumbnail,
      item.urls.waveform,
      item.urls.filmstrip?.sprite,
    ]) {
      expect(url).toBeTruthy();
      const media = await t.app.inject({ method: 'GET', url: url!, headers: auth(alphaKey) });
      expect(media.statusCode).toBe(200);
    }
    const range = await t.app.inject({
      method: 'GET',
      url: item.urls.mp4!,
      headers: { ...auth(alphaKey), range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
  });

  it('records broadcast technical metadata and the SHA-256 of the original on ingest', async () => {
    const mxf = makeBroadcastMxf(dir);
    const { stdout } = await promisify(execFile)('sha256sum', [mxf]);
    const expected = stdout.split(' ')[0];
    const { itemId } = await new TusTestClient(t.app, auth(alphaKey)).upload(mxf, { filename: 'playout.mxf' });
    const item = (await settled(itemId)) as ItemView & {
      version: { sha256: string | null };
      media: { video: unknown; audioTracks: { levels: { peakDb: number | null }[] | null }[] };
    };
    expect(item.transcoding).toMatchObject({ state: 'COMPLETE' });
    expect(item.version.sha256).toBe(expected);
    expect(item.media).toMatchObject({
      frameRate: '25/1',
      timecodeStart: '10:00:00:00',
      video: {
        codec: 'mpeg2video',
        scanType: 'interlaced',
        fieldOrder: 'tff',
        colourSpace: 'bt470bg',
        colourPrimaries: 'bt470bg',
        colourTransfer: 'bt709',
        colourRange: 'tv',
        hdr: null,
      },
    });
    expect(item.media.audioTracks).toHaveLength(4);
    expect(item.media.audioTracks[0]).toMatchObject({
      codec: 'pcm_s24le',
      channels: 1,
      sampleRate: 48000,
      bitDepth: 24,
    });
    // The sine is -18 dBFS; each track is 6 dB quieter than the last, the fourth silent.
    const peaks = item.media.audioTracks.map((track) => track.levels?.[0]?.peakDb);
    expect(peaks.slice(0, 3).map((peak) => Math.round(peak!))).toEqual([-24, -30, -36]);
    expect(peaks[3]).toBeNull();
    // The console's item details carry the same.
    const client = new TrpcClient(t.app);
    await client.login(alpha.tenant.slug, alpha.adminEmail, alpha.adminPassword);
    const details = await client.query<{ version: { sha256: string } }>('items.get', { itemId });
    expect(details.ok && details.data.version.sha256).toBe(expected);
  });

  it('serves an HLS master playlist that ffprobe accepts over HTTP with the API key', async () => {
    const { itemId } = await new TusTestClient(t.app, auth(alphaKey)).upload(makeVideo(dir, 'b.mp4'), {
      filename: 'b.mp4',
    });
    const item = await settled(itemId);
    // Listening stays on until the suite disposes the app.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    {
      // Asynchronously: the server answering ffprobe runs in this very process.
      const probe = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-headers', `Authorization: Bearer ${alphaKey}\r\n`],
        ...['-show_streams', '-of', 'json', `${address}${item.urls.hls}`],
      ]);
      expect(probe.stderr).toBe('');
      const streams = (JSON.parse(probe.stdout) as { streams: { codec_type: string }[] }).streams;
      expect(streams.map((s) => s.codec_type)).toEqual(expect.arrayContaining(['video', 'audio']));
    }
  });

  it('turns audio, an image and a PDF into items with thumbnails, typed by their content', async () => {
    const tus = new TusTestClient(t.app, auth(alphaKey));
    const cases = [
      { file: makeAudio(dir), type: 'audio' },
      { file: makeImage(dir), type: 'image' },
      { file: makePdf(dir), type: 'file' },
      { file: makeOneFrameVideo(dir), type: 'video' },
      // The content decides, not the name.
      { file: disguised(makeImage(dir, 'disguised.png'), 'looks-like-video.mp4'), type: 'image' },
    ];
    for (const c of cases) {
      const { itemId } = await tus.upload(c.file, { filename: path.basename(c.file) });
      const item = await settled(itemId);
      expect({ name: path.basename(c.file), type: item.itemType, state: item.transcoding?.state }).toEqual({
        name: path.basename(c.file),
        type: c.type,
        state: 'COMPLETE',
      });
      expect(item.urls.thumbnail).toBeTruthy();
      expect(
        (await t.app.inject({ method: 'GET', url: item.urls.thumbnail!, headers: auth(alphaKey) })).statusCode,
      ).toBe(200);
    }
  });

  it('puts a truncated file in ERROR with a readable message and keeps serving', async () => {
    const broken = makeTruncatedVideo(dir, makeVideo(dir, 'source.mp4'));
    const { itemId } = await new TusTestClient(t.app, auth(alphaKey)).upload(broken, { filename: 'broken.mp4' });
    const item = await settled(itemId);
    expect(item.transcoding).toMatchObject({ state: 'ERROR' });
    expect(item.transcoding!.error).toMatch(/\w+/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it("checks the upload view's values before a byte is taken and stores them on the new item", async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    await t.services.metadataForms.create(
      admin,
      {
        id: 'ingest',
        label: 'Ingest',
        active: true,
        views: { upload: [], item: [] },
        fields: [
          {
            id: 'c',
            fieldId: 'channel',
            label: 'Channel',
            type: 'Choice',
            required: true,
            alternatives: [
              { value: 'nrk1', label: 'NRK1' },
              { value: 'nrk2', label: 'NRK2' },
            ],
          },
        ],
      },
      null,
    );
    const tus = new TusTestClient(t.app, auth(alphaKey));
    const before = (await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 500 })).length;
    const refused = await tus.create(10, {
      filename: 'clip.txt',
      form: 'ingest',
      values: JSON.stringify({ channel: 'tv2' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'channel', code: 'INVALID_CHOICE_VALUE', message: 'Invalid value found - please select a new one.' },
      ],
    });
    const missing = await tus.create(10, { filename: 'clip.txt', form: 'ingest', values: '{}' });
    expect(missing.json()).toMatchObject({ issues: [{ path: 'channel', code: 'VALUE_REQUIRED' }] });
    expect((await t.services.deps.repos.items.list(alpha.tenant.id, { deleted: false, limit: 500 })).length).toBe(
      before,
    );
    const accepted = await tus.create(10, {
      filename: 'clip.txt',
      form: 'ingest',
      values: JSON.stringify({ channel: 'nrk2' }),
    });
    expect(accepted.statusCode).toBe(201);
    const item = await t.services.deps.repos.items.findById(alpha.tenant.id, accepted.headers['item-id'] as string);
    expect(item).toMatchObject({ title: 'clip', metadata: { channel: 'nrk2' } });
  });

  it('rejects blocked extensions with the spec message and lets the rest of the batch through', async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const setBlocked = async (blockedUploadExtensions: string[]) =>
      t.services.tenantConfig.update(
        admin,
        { ...(await t.services.tenantConfig.get(admin)), blockedUploadExtensions },
        null,
      );
    const tus = new TusTestClient(t.app, auth(alphaKey));
    // The key's principal is cached from this request on; the new rule must still apply to the next one.
    expect((await tus.create(10, { filename: 'allowed-before.exe' })).statusCode).toBe(201);
    await setBlocked(['exe']);
    const rejected = await tus.create(10, { filename: 'setup.EXE' });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json()).toMatchObject({
      code: 'EXTENSION_BLOCKED',
      message: 'Files with .exe extension cannot be uploaded',
    });
    const accepted = await tus.create(10, { filename: 'notes.txt' });
    expect(accepted.statusCode).toBe(201);
    await setBlocked([]);
  });

  it("refuses users without the upload permission with 'You do not have permission to upload'", async () => {
    const admin = await loadActor(t.services.deps, alpha.admin);
    const viewers = await t.services.groups.create(admin, { name: 'Viewers', permissions: { apiKeys: true } }, null);
    const user = await t.services.users.create(
      admin,
      { email: 'viewer@alpha.test', name: 'Viewer', password: 'viewer-password-1', groupIds: [viewers.id] },
      null,
    );
    const client = new TrpcClient(t.app);
    await client.login('alpha', user.email, 'viewer-password-1');
    const created = await client.mutate<{ secret: string }>('apiKeys.create', {
      label: 'viewer',
      expiresAt: null,
      maxUnusedDays: null,
    });
    if (!created.ok) throw new Error(created.code);
    const refused = await new TusTestClient(t.app, auth(created.data.secret)).create(10, { filename: 'a.txt' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_FORBIDDEN', message: 'You do not have permission to upload' });
  });

  it('terminates an upload: the item goes with it', async () => {
    const tus = new TusTestClient(t.app, auth(alphaKey));
    const created = await tus.create(1000, { filename: 'gone.mov' });
    const itemId = String(created.headers['item-id']);
    const terminated = await tus.terminate(String(created.headers.location));
    expect(terminated.statusCode).toBe(204);
    const after = await getItem(itemId);
    expect({ status: after.statusCode, body: after.statusCode === 200 ? after.json() : null }).toMatchObject({
      status: 404,
    });
  });

  it("gives tenant B's key 404 for tenant A's uploads, items and media", async () => {
    const tusA = new TusTestClient(t.app, auth(alphaKey));
    const created = await tusA.create(100, { filename: 'secret.mov' });
    const location = String(created.headers.location);
    const itemId = String(created.headers['item-id']);
    const tusB = new TusTestClient(t.app, auth(bravoKey));
    expect((await tusB.offset(location)).statusCode).toBe(404);
    expect((await tusB.append(location, 0, Buffer.alloc(100))).statusCode).toBe(404);
    expect((await tusB.terminate(location)).statusCode).toBe(404);
    expect((await getItem(itemId, bravoKey)).statusCode).toBe(404);
    const media = await t.app.inject({
      method: 'GET',
      url: `/api/v1/items/${itemId}/media/thumbnail.jpg`,
      headers: auth(bravoKey),
    });
    expect(media.statusCode).toBe(404);
    // Bravo's own folder id cannot be used to drop files into alpha, nor the other way round.
    const bravoRoot = await t.services.deps.repos.folders.findRoot(bravo.tenant.id);
    expect((await tusA.create(10, { filename: 'x.txt', folderId: bravoRoot!.id })).statusCode).toBe(404);
  });
});
