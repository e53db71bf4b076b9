import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { h264Units } from '@mam/workers/testing/stream-units';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from '@mam/workers/testing/udp-feed';
import { schema } from '@mam/db';
import { eq } from 'drizzle-orm';
import type { TLiveSourceView } from '../services/live/live-source.service';
import {
  addMember,
  adminActor,
  adminApiKey,
  localStorageInput,
  rest,
  twoTenantLibrary,
  type TTwoTenantLibrary,
} from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

type TItemJson = {
  itemType: string;
  playback: { url: string; kind: string } | null;
  transcoding: { state: string; error: string | null } | null;
  media: { videoCodec: string | null; durationSeconds: number | null; timecodeStart: string | null } | null;
  urls: { original: string | null };
};

async function eventually<T>(what: string, fn: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Crash recording end to end through the REST API: a real UDP feed recorded into a live item that plays while it
 * grows, switched to another feed in the same item, stopped, and processed into an ordinary video whose high res
 * was joined from stream-copied segments.
 */
describe('crash recording', () => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let key: string;
  let bravoKey: string;
  let dir: string;
  const feeds: TUdpFeed[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mam-crash-recording-'));
    ({ t, alpha, bravo, admin } = await twoTenantLibrary('pglite', { media: true }));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(async () => {
    for (const feed of feeds) await feed.stop();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  async function fedSource(name: string, frequency: number, presetId?: string): Promise<TLiveSourceView> {
    const port = await freeUdpPort();
    feeds.push(startUdpFeed(port, { frequency }));
    const pipeline = presetId ? { pipeline: { highRes: { presetId }, proxy: true } } : {};
    const created = await admin.mutate<TLiveSourceView>('liveSources.create', {
      source: { name, type: 'udp', location: `udp://127.0.0.1:${port}`, ...pipeline },
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    return created.data;
  }

  const item = async (id: string) => (await rest(t, key, 'GET', `/items/${id}`)).body as unknown as TItemJson;
  const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('records a feed into a live item that plays while it grows, then becomes a video', async () => {
    const source = await fedSource('Studio A', 1000);
    const startedAt = new Date();
    const started = await rest(t, key, 'POST', `/live-sources/${source.id}/crash-recording`);
    expect(started).toMatchObject({ status: 201, body: { itemId: expect.any(String) } });
    const itemId = started.body.itemId as string;
    expect(await item(itemId)).toMatchObject({ itemType: 'live' });
    const [row] = await t.database.db.select().from(schema.item).where(eq(schema.item.id, itemId));
    expect(row!.title).toMatch(/^Crash recording Studio A \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Plays within seconds: the growing proxy, an event playlist whose segments are served.
    const playback = await eventually('growing playback', async () => {
      const p = (await item(itemId)).playback;
      return p?.kind === 'growing' ? p : null;
    });
    const playableAt = Date.now();
    expect(playback.url).toMatch(/\/media\/live\/index\.m3u8$/);
    const playlist = await fetchMedia(playback.url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const segmentResponse = await fetchMedia(playback.url.replace('index.m3u8', segment));
    expect(segmentResponse.statusCode).toBe(200);
    expect(segmentResponse.rawPayload.length).toBeGreaterThan(1000);

    // The technical data shows while it records: the first segment probed, the duration kept up.
    const live = await eventually('the live item’s media', async () => {
      const current = await item(itemId);
      return current.media?.videoCodec ? current : null;
    });
    expect(live).toMatchObject({ itemType: 'live', media: { videoCodec: 'h264' } });
    expect(live.media?.timecodeStart).toMatch(/^\d\d:\d\d:\d\d:\d\d$/);

    // Found by search while it records.
    const found = await rest(t, key, 'GET', `/search?q=${encodeURIComponent('"Crash recording Studio A"')}`);
    expect((found.body.hits as Array<{ id: string }>).map((hit) => hit.id)).toContain(itemId);

    // Cut while it records: a range of what is recorded so far goes into a sequence.
    const sequence = await rest(t, key, 'POST', '/sequences', {
      title: 'Breaking story',
      clips: [{ itemId, inFrame: 0, outFrame: 25 }],
    });
    expect(sequence).toMatchObject({ status: 201 });

    // Both streams list their segments while it records, to assemble downloads from.
    const highRes = await eventually('high-res segments', async () => {
      const answer = await rest(t, key, 'GET', `/items/${itemId}/recording-segments?stream=highres`);
      return (answer.body.segments as unknown[] | undefined)?.length ? answer.body : null;
    });
    expect(highRes).toMatchObject({ stream: 'highres', complete: false });
    // What a download assembles while it records: the segments listed so far, one after the other.
    const listed = highRes.segments as Array<{ url: string }>;
    const highResBytes = Buffer.concat(
      await Promise.all(listed.map(async (s) => (await fetchMedia(s.url)).rawPayload)),
    );
    expect(highResBytes[0]).toBe(0x47); // an MPEG-TS packet's sync byte
    const assembled = path.join(dir, 'assembled.ts');
    await writeFile(assembled, highResBytes);
    const proxy = await rest(t, key, 'GET', `/items/${itemId}/recording-segments`);
    expect(proxy.body).toMatchObject({ stream: 'proxy', complete: false });
    expect((proxy.body.segments as Array<{ durationSeconds: number }>)[0]!.durationSeconds).toBeGreaterThan(0);
    expect(await rest(t, bravoKey, 'GET', `/items/${itemId}/recording-segments?stream=highres`)).toMatchObject({
      status: 404,
    });

    const view = await rest(t, key, 'GET', `/live-sources/${source.id}`);
    expect(view.body).toMatchObject({ recording: { itemId, originSourceId: source.id } });
    const again = await rest(t, key, 'POST', `/live-sources/${source.id}/crash-recording`);
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CRASH_RECORDING_UNAVAILABLE', message: 'Cannot create crash recording now' },
    });
    expect(again.body.params).toEqual({ reason: 'already_recording' });
    const deleting = await rest(t, key, 'DELETE', `/live-sources/${source.id}`);
    expect(deleting).toMatchObject({ status: 409, body: { code: 'LIVE_SOURCE_RECORDING' } });

    // Another organisation neither sees nor steers it.
    expect(await rest(t, bravoKey, 'POST', `/live-sources/${source.id}/crash-recording`)).toMatchObject({
      status: 404,
    });
    expect(await rest(t, bravoKey, 'DELETE', `/live-sources/${source.id}/crash-recording`)).toMatchObject({
      status: 404,
    });
    expect(await rest(t, bravoKey, 'GET', `/items/${itemId}`)).toMatchObject({ status: 404 });

    await sleep(5000);
    const stopped = await rest(t, key, 'DELETE', `/live-sources/${source.id}/crash-recording`);
    expect(stopped).toMatchObject({ status: 200, body: { itemId } });
    const stoppedAt = Date.now();

    const video = await eventually(
      'the recording processed as a video',
      async () => {
        const current = await item(itemId);
        if (current.transcoding?.state === 'ERROR') throw new Error(current.transcoding.error ?? 'failed');
        return current.itemType === 'video' && current.transcoding?.state === 'COMPLETE' ? current : null;
      },
      120_000,
    );
    expect(video.media?.videoCodec).toBe('h264');
    // As long as it recorded: at least from its first playable segment to the stop, at most from the start request.
    expect(video.media!.durationSeconds!).toBeGreaterThan((stoppedAt - playableAt) / 1000 - 0.5);
    expect(video.media!.durationSeconds!).toBeLessThan((stoppedAt - startedAt.getTime()) / 1000 + 0.5);
    // Its high res begins with what a download assembled from the segments while it recorded, picture for picture:
    // the same H.264 units, so the join did not encode it again.
    const original = await fetchMedia(video.urls.original!);
    expect(original.statusCode).toBe(200);
    await writeFile(path.join(dir, 'original.mp4'), original.rawPayload);
    const downloaded = await h264Units(['-i', assembled]);
    expect(downloaded.length).toBeGreaterThan(20);
    expect((await h264Units(['-i', path.join(dir, 'original.mp4')])).slice(0, downloaded.length)).toEqual(downloaded);
    // The feed carries no timecode: the recording starts at the time of day it began (the organisation's zone, UTC).
    const [hours, minutes] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(startedAt)
      .split(':');
    expect(video.media?.timecodeStart).toMatch(new RegExp(`^${hours}:(${minutes}|\\d\\d):\\d\\d:\\d\\d$`));
    expect(video.playback?.kind).toBe('proxy');
    // The growing proxy it played from while it recorded is gone once the processing's renditions play.
    expect((await fetchMedia(playback.url.replace('index.m3u8', segment))).statusCode).toBe(404);
    expect((await rest(t, key, 'GET', `/live-sources/${source.id}`)).body).toMatchObject({ recording: null });
    // Joined into the original: the high-res segments are gone.
    expect((await rest(t, key, 'GET', `/items/${itemId}/recording-segments?stream=highres`)).body).toMatchObject({
      segments: [],
      complete: true,
    });
    expect(await rest(t, key, 'DELETE', `/live-sources/${source.id}/crash-recording`)).toMatchObject({
      status: 409,
      body: { code: 'CRASH_RECORDING_NOT_RUNNING' },
    });
    const actions = (
      await t.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.targetId, itemId))
    ).map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(['live_source.crash_recording_started', 'live_source.crash_recording_stopped']),
    );
  }, 240_000);

  it('refuses a render location that is not one of the organisation’s upload locations', async () => {
    const source = await fedSource('Studio C', 660);
    const bravoDisk = await t.services.storages.create(
      await adminActor(t, bravo),
      localStorageInput('Bravo disk', 'bravo-disk', ['upload']),
      null,
    );
    const outbox = await t.services.storages.create(
      await adminActor(t, alpha),
      localStorageInput('Outbox', 'outbox', ['export']),
      null,
    );
    for (const renderLocationId of [bravoDisk.id, outbox.id, '00000000-0000-4000-8000-000000000000']) {
      expect(
        await rest(t, key, 'POST', `/live-sources/${source.id}/crash-recording`, { renderLocationId }),
      ).toMatchObject({ status: 400, body: { code: 'CRASH_RECORDING_LOCATION_INVALID' } });
    }
    expect((await rest(t, key, 'GET', `/live-sources/${source.id}`)).body).toMatchObject({ recording: null });
  });

  it('refuses to start with the reason when the organisation’s storage is full', async () => {
    const source = await fedSource('Studio B', 500);
    const stored = await t.services.deps.repos.tenants.findById(alpha.tenant.id);
    await t.services.deps.repos.tenants.updateConfig(alpha.tenant.id, stored!.name, {
      ...stored!.config,
      storageQuotaBytes: 1,
    });
    try {
      const refused = await rest(t, key, 'POST', `/live-sources/${source.id}/crash-recording`);
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'CRASH_RECORDING_UNAVAILABLE', params: { reason: 'storage_full' } },
      });
    } finally {
      await t.services.deps.repos.tenants.updateConfig(alpha.tenant.id, stored!.name, stored!.config);
    }
  }, 60_000);

  it('switches a recording to another source in the same item and stops it from there', async () => {
    const first = await fedSource('Camera 1', 440);
    const second = await fedSource('Camera 2', 880);
    // Started by a recording user, switched and stopped by the administrator: the starter is told of both.
    const recorder = await addMember(t, alpha, 'night-desk', { liveRecording: true, create: true });
    // Rendered to an upload location of its own choosing (its cloud render location), not the default one.
    const disk = await t.services.storages.create(
      await adminActor(t, alpha),
      localStorageInput('Live disk', 'live-disk', ['upload']),
      null,
    );
    const locations =
      await recorder.client.query<Array<{ id: string; name: string; isDefault: boolean }>>(
        'liveSources.renderLocations',
      );
    if (!locations.ok) throw new Error(JSON.stringify(locations));
    expect(locations.data.find((location) => location.id === disk.id)).toMatchObject({ name: 'Live disk' });
    expect(locations.data.filter((location) => location.isDefault)).toHaveLength(1);
    const started = await recorder.client.mutate<{ itemId: string }>('liveSources.startCrashRecording', {
      sourceId: first.id,
      renderLocationId: disk.id,
    });
    if (!started.ok) throw new Error(JSON.stringify(started));
    const itemId = started.data.itemId;
    await eventually('growing playback', async () => ((await item(itemId)).playback?.kind === 'growing' ? 1 : null));

    const switched = await rest(t, key, 'POST', `/live-sources/${first.id}/crash-recording/switch`, {
      sourceId: second.id,
    });
    expect(switched).toMatchObject({ status: 200, body: { itemId } });
    await eventually('the second source recorded', async () => {
      const view = (await rest(t, key, 'GET', `/live-sources/${second.id}`)).body;
      return (view.recording as { recordingSourceId?: string } | null)?.recordingSourceId === second.id ? 1 : null;
    });
    // The playlist marks the change of source (ffmpeg marks the start of every run, the first one's too), and the
    // second source's picture follows it: a stop before that would record nothing of it.
    const playback = (await item(itemId)).playback!;
    await eventually('a discontinuity and the second source after it', async () => {
      const runs = (await fetchMedia(playback.url)).body.split('#EXT-X-DISCONTINUITY');
      return runs.length >= 3 && runs[runs.length - 1]!.split('\n').filter((l) => l.endsWith('.ts')).length >= 2
        ? 1
        : null;
    });

    const stopped = await rest(t, key, 'DELETE', `/live-sources/${second.id}/crash-recording`);
    expect(stopped).toMatchObject({ status: 200, body: { itemId } });
    const video = await eventually(
      'the recording processed',
      async () => {
        const current = await item(itemId);
        return current.itemType === 'video' && current.transcoding?.state === 'COMPLETE' ? current : null;
      },
      120_000,
    );
    expect(video.media?.videoCodec).toBe('h264');
    const [version] = await t.database.db
      .select()
      .from(schema.itemVersion)
      .where(eq(schema.itemVersion.itemId, itemId));
    expect(version!.storageId).toBe(disk.id);
    // The change of source is in the item's history, asked for and as recorded (and marked in its playlist above).
    const events = await t.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.targetId, itemId));
    expect(events.map((event) => event.action)).toContain('live_source.crash_recording_switched');
    const breaks = events.filter((event) => event.action === 'item.recording_gap');
    expect(breaks.map((event) => (event.details as { switchedTo?: string }).switchedTo)).toContain(second.id);
    expect(breaks.find((event) => event.summary.includes('Camera 2'))).toBeDefined();
    const told = await recorder.client.query<{ notifications: Array<{ kind: string; params: object; item: object }> }>(
      'notifications.list',
      { state: 'unread', limit: 10 },
    );
    if (!told.ok) throw new Error(JSON.stringify(told));
    expect(told.data.notifications.filter((n) => n.kind === 'live_recording')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ params: expect.objectContaining({ event: 'switched', target: 'Camera 2' }) }),
        expect.objectContaining({ params: expect.objectContaining({ event: 'stopped', source: 'Camera 2' }) }),
      ]),
    );
  }, 240_000);

  it('records the high res with the source’s broadcast preset into an MXF original', async () => {
    const xdcam = (await t.services.renderPresets.loadAll(alpha.tenant.id)).find(
      (preset) => preset.name === 'XDCAM HD422 1080i50',
    )!;
    const source = await fedSource('Studio X', 700, xdcam.id);
    const started = await rest(t, key, 'POST', `/live-sources/${source.id}/crash-recording`);
    expect(started.status).toBe(201);
    const itemId = started.body.itemId as string;
    // While it records the segments are MPEG-TS in the preset's picture coding.
    const live = await eventually('the live item’s media', async () => {
      const current = await item(itemId);
      return current.media?.videoCodec ? current : null;
    });
    expect(live.media?.videoCodec).toBe('mpeg2video');
    await eventually('three high-res segments', async () => {
      const answer = await rest(t, key, 'GET', `/items/${itemId}/recording-segments?stream=highres`);
      return ((answer.body.segments as unknown[] | undefined)?.length ?? 0) >= 3 ? 1 : null;
    });
    expect(await rest(t, key, 'DELETE', `/live-sources/${source.id}/crash-recording`)).toMatchObject({ status: 200 });

    await eventually(
      'the recording processed',
      async () => {
        const current = await item(itemId);
        if (current.transcoding?.state === 'ERROR') throw new Error(current.transcoding.error ?? 'failed');
        return current.itemType === 'video' && current.transcoding?.state === 'COMPLETE' ? current : null;
      },
      180_000,
    );
    const [version] = await t.database.db
      .select()
      .from(schema.itemVersion)
      .where(eq(schema.itemVersion.itemId, itemId));
    expect(version!.fileName).toMatch(/\.mxf$/);
    expect(version!.media).toMatchObject({
      videoCodec: 'mpeg2video',
      width: 1920,
      height: 1080,
      audioCodec: 'pcm_s24le',
      timecodeStart: expect.stringMatching(/^\d\d:\d\d:\d\d:\d\d$/),
    });
    expect(version!.media!.audioTracks).toHaveLength(8);
    expect(version!.media!.durationSeconds).toBeGreaterThan(5);
  }, 300_000);
});
