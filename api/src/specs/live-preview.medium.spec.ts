import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { bindKeyOf } from '@mam/core';
import { livePortRegistry } from '@mam/workers';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from '@mam/workers/testing/udp-feed';
import type { TLivePreviewAnswer } from '../services/live/live-preview.service';
import type { TLiveSourceStatus } from '../services/live/live-source-monitor.service';
import type { TLiveSourceView } from '../services/live/live-source.service';
import { addMember, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(what: string, fn: () => Promise<T | null | undefined>, timeoutMs = 40_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Live preview against a real UDP feed: one ffmpeg per source shared by its viewers, its HLS served to the source's
 * tenant only, stopped (socket and folder released) when the heartbeats stop or the process shuts down.
 */
describe('live preview', () => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  const feeds: TUdpFeed[] = [];

  beforeAll(async () => {
    // The workflow engine runs: a recording that starts takes a previewed source over.
    ({ t, alpha, admin, bravoAdmin } = await twoTenantLibrary('pglite', { media: true }));
  });
  afterAll(async () => {
    for (const feed of feeds) await feed.stop();
    await t.dispose();
  });

  async function source(name: string, fed: boolean): Promise<TLiveSourceView> {
    const port = await freeUdpPort();
    if (fed) feeds.push(startUdpFeed(port));
    const created = await admin.mutate<TLiveSourceView>('liveSources.create', {
      source: { name, type: 'udp', location: `udp://127.0.0.1:${port}` },
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    return created.data;
  }

  const fetchAs = (client: TrpcClient | null, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: client ? { cookie: `mam_session=${client.cookie('mam_session') ?? ''}` } : {},
    });
  const previewDirs = () => {
    const root = path.join(t.dataDir, 'work', 'live-previews');
    return existsSync(root) ? readdirSync(root) : [];
  };
  /** Processes whose command line names `text` (Linux): ffmpeg writing into a preview's folder. */
  const processesNaming = (text: string) =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
        } catch {
          return false;
        }
      });
  const bindKey = (view: TLiveSourceView) => bindKeyOf({ type: 'udp', mode: 'listener', location: view.location })!;

  it('answers an offline source with a clear error, and refuses users who may not record', async () => {
    const silent = await source('Silent', false);
    const opened = await admin.mutate('liveSources.openPreview', { id: silent.id });
    expect(opened).toMatchObject({ ok: false, status: 409, code: 'LIVE_SOURCE_OFFLINE' });
    expect(livePortRegistry.holder(bindKey(silent))).toBeUndefined();
    expect(previewDirs()).toEqual([]);

    const viewer = await addMember(t, alpha, 'viewer');
    expect(await viewer.client.mutate('liveSources.openPreview', { id: silent.id })).toMatchObject({
      ok: false,
      status: 403,
    });
  }, 60_000);

  it('previews a fed source for its tenant only, shares one ffmpeg and stops it without heartbeats', async () => {
    const studio = await source('Studio preview', true);
    const opened = await admin.mutate<TLivePreviewAnswer>('liveSources.openPreview', { id: studio.id });
    expect(opened).toMatchObject({ ok: true, data: { kind: 'preview' } });
    if (!opened.ok) return;
    const url = opened.data.url;
    expect(url).toBe(`/api/live-previews/${studio.id}/index.m3u8`);
    expect(livePortRegistry.holder(bindKey(studio))).toBe('preview');

    // A second viewer joins the same ffmpeg: still one folder.
    const recorder = await addMember(t, alpha, 'operator', { liveRecording: true });
    const joined = await recorder.client.mutate<TLivePreviewAnswer>('liveSources.openPreview', { id: studio.id });
    expect(joined).toMatchObject({ ok: true, data: { url, kind: 'preview' } });
    expect(previewDirs()).toHaveLength(1);
    const folder = previewDirs()[0]!;
    expect(processesNaming(folder)).toHaveLength(1);

    const playlist = await fetchAs(admin, url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-store');
    expect(playlist.body).toContain('#EXTM3U');
    const segmentName = playlist.body.split('\n').find((line) => /^segment-\d+\.ts$/.test(line))!;
    const segment = await fetchAs(recorder.client, url.replace('index.m3u8', segmentName));
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
    const file = path.join(t.dataDir, 'segment.ts');
    await writeFile(file, segment.rawPayload);
    const probe = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
    const streams = (JSON.parse(probe.stdout) as { streams: Array<Record<string, unknown>> }).streams;
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: 'video', codec_name: 'h264', height: 180 }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]),
    );

    // Another organisation, nobody signed in, and names outside the preview's own get nothing.
    expect(await bravoAdmin.mutate('liveSources.openPreview', { id: studio.id })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await bravoAdmin.mutate('liveSources.keepPreview', { id: studio.id })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await fetchAs(bravoAdmin, url)).statusCode).toBe(404);
    expect((await fetchAs(bravoAdmin, url.replace('index.m3u8', segmentName))).statusCode).toBe(404);
    expect((await fetchAs(null, url)).statusCode).toBe(401);
    for (const name of ['..%2F..%2F..%2Fetc%2Fpasswd', '%2E%2E', 'index.m3u8.tmp', '..%2Fsegment-1.ts']) {
      const refused = await fetchAs(admin, `/api/live-previews/${studio.id}/${name}`);
      expect({ name, status: refused.statusCode }).toEqual({ name, status: 404 });
    }

    // Heartbeats keep it running past the idle time.
    for (let beat = 0; beat < 5; beat++) {
      await sleep(5_000);
      const kept = await admin.mutate<TLivePreviewAnswer | null>('liveSources.keepPreview', { id: studio.id });
      expect(kept).toMatchObject({ ok: true, data: { url, kind: 'preview' } });
    }
    expect(t.services.livePreviews.isRunning(alpha.tenant.id, studio.id)).toBe(true);
    expect((await fetchAs(admin, url)).statusCode).toBe(200);

    // Without them it stops: socket and folder released, the playlist gone, and a probe reads the source again.
    // (It is no longer running as soon as its stop begins; ffmpeg, socket and folder go by the stop's end.)
    await eventually('the preview to stop', async () =>
      t.services.livePreviews.isRunning(alpha.tenant.id, studio.id) ||
      livePortRegistry.holder(bindKey(studio)) !== undefined ||
      previewDirs().length > 0
        ? null
        : true,
    );
    expect(processesNaming(folder)).toEqual([]);
    expect(livePortRegistry.holder(bindKey(studio))).toBeUndefined();
    expect(previewDirs()).toEqual([]);
    expect((await fetchAs(admin, url)).statusCode).toBe(404);
    expect(await admin.mutate('liveSources.keepPreview', { id: studio.id })).toMatchObject({ ok: true, data: null });
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const probed = await admin.query<TLiveSourceStatus>('liveSources.status', { id: studio.id });
    expect(probed).toMatchObject({ ok: true, data: { state: 'ready', input: { videoCodec: 'h264' } } });
  }, 120_000);

  it('hands the source to a recording that starts, and answers a recording source with its growing playlist', async () => {
    const studio = await source('Studio recorded', true);
    const opened = await admin.mutate<TLivePreviewAnswer>('liveSources.openPreview', { id: studio.id });
    expect(opened).toMatchObject({ ok: true, data: { kind: 'preview' } });
    const folder = previewDirs()[0]!;

    // The row shows the source ready while it is previewed, so it can be recorded.
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const started = await admin.mutate<{ itemId: string }>('liveSources.startCrashRecording', { sourceId: studio.id });
    expect(started).toMatchObject({ ok: true });
    if (!started.ok) return;
    const growing = `/api/v1/items/${started.data.itemId}/media/live/index.m3u8`;

    // The recorder took the socket: the preview's ffmpeg is gone and the viewers are sent to the recording.
    await eventually('the recorder to take the socket', async () =>
      livePortRegistry.holder(bindKey(studio)) === 'recorder' ? true : null,
    );
    expect(t.services.livePreviews.isRunning(alpha.tenant.id, studio.id)).toBe(false);
    await eventually('the preview folder to go', async () => (processesNaming(folder).length === 0 ? true : null));
    expect(previewDirs()).toEqual([]);
    const kept = await admin.mutate<TLivePreviewAnswer | null>('liveSources.keepPreview', { id: studio.id });
    expect(kept).toMatchObject({ ok: true, data: { url: growing, kind: 'recording' } });
    expect(await admin.mutate('liveSources.openPreview', { id: studio.id })).toMatchObject({
      ok: true,
      data: { url: growing, kind: 'recording' },
    });
    expect(previewDirs()).toEqual([]);

    // The recording plays: its growing playlist lists segments.
    const playlist = await eventually('the recording’s playlist', async () => {
      const response = await fetchAs(admin, growing);
      return response.statusCode === 200 && /\.ts$/m.test(response.body) ? response.body : null;
    });
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');

    expect(await admin.mutate('liveSources.stopCrashRecording', { sourceId: studio.id })).toMatchObject({ ok: true });
    await eventually('the recorder to let go', async () =>
      livePortRegistry.holder(bindKey(studio)) === undefined ? true : null,
    );
  }, 120_000);

  it('stops every preview when the process shuts down', async () => {
    const studio = await source('Studio shutdown', true);
    expect(await admin.mutate('liveSources.openPreview', { id: studio.id })).toMatchObject({ ok: true });
    const folder = previewDirs()[0]!;
    expect(processesNaming(folder)).toHaveLength(1);
    // While it runs the source shows as ready (the preview holds its socket, so no probe runs).
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    expect(await admin.query('liveSources.status', { id: studio.id })).toMatchObject({
      ok: true,
      data: { state: 'ready' },
    });
    await t.services.livePreviews.close();
    expect(processesNaming(folder)).toEqual([]);
    expect(t.services.livePreviews.isRunning(alpha.tenant.id, studio.id)).toBe(false);
    expect(livePortRegistry.holder(bindKey(studio))).toBeUndefined();
    expect(previewDirs()).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const probed = await admin.query<TLiveSourceStatus>('liveSources.status', { id: studio.id });
    expect(probed).toMatchObject({ ok: true, data: { state: 'ready', input: { videoCodec: 'h264' } } });
  }, 60_000);
});
