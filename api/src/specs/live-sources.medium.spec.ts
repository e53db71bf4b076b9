import { spawn } from 'node:child_process';
import { schema } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { eq } from 'drizzle-orm';
import type { TLiveSourceStatus } from '../services/live/live-source-monitor.service';
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

const udp = { name: 'Studio feed', type: 'udp', location: 'udp://0.0.0.0:45100' };
const truck = {
  name: 'OB truck',
  type: 'srt',
  mode: 'listener',
  location: 'srt://0.0.0.0:45200',
  credentials: { passphrase: 'a truck passphrase' },
};

describe.each(testBackends)('live sources on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let key: string;
  let bravoKey: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin } = await twoTenantLibrary(backend));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(() => t.dispose());

  const create = async (source: unknown) => {
    const result = await admin.mutate<TLiveSourceView>('liveSources.create', { source });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.data;
  };

  it('keeps a source, its credentials sealed and never answered, and audits the change by name', async () => {
    const created = await create(truck);
    expect(created).toMatchObject({
      mode: 'listener',
      ingestUrl: 'srt://mam.test:45200',
      credentialsSet: { passphrase: true, streamKey: false },
    });
    expect(JSON.stringify(created)).not.toContain('a truck passphrase');
    const [row] = await t.database.db.select().from(schema.liveSource).where(eq(schema.liveSource.id, created.id));
    expect(row!.encryptedCredentials).toBeTruthy();
    expect(row!.encryptedCredentials).not.toContain('truck');
    expect((await t.services.liveSources.get(alpha.tenant.id, created.id)).credentials).toEqual(truck.credentials);

    // An update without credentials keeps them.
    const renamed = await admin.mutate<TLiveSourceView>('liveSources.update', {
      id: created.id,
      source: { ...truck, name: 'OB truck 2', credentials: undefined },
    });
    expect(renamed).toMatchObject({ ok: true, data: { name: 'OB truck 2', credentialsSet: { passphrase: true } } });
    const listed = await rest(t, key, 'GET', `/live-sources/${created.id}`);
    expect(listed).toMatchObject({ status: 200, body: { name: 'OB truck 2' } });
    expect(listed.text).not.toContain('a truck passphrase');
    const events = await t.database.db
      .select()
      .from(schema.auditEvent)
      .where(eq(schema.auditEvent.targetId, created.id));
    expect(events.map((event) => event.action).sort()).toEqual(['live_source.created', 'live_source.updated']);
  });

  it('answers 400, 404 and 409 with a code and a message', async () => {
    const bad = await rest(t, key, 'POST', '/live-sources', { name: 'x', type: 'ndi', location: 'udp://0.0.0.0:1' });
    expect(bad).toMatchObject({ status: 400 });
    const malformed = await rest(t, key, 'POST', '/live-sources', { ...udp, location: 'udp://feed.example.com:5000' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'LIVE_SOURCE_INVALID' } });
    expect((malformed.body.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['location']);
    // A pulled address on the platform's own network is refused (no LIVE_SOURCE_ALLOWED_NETWORKS here).
    const internal = await rest(t, key, 'POST', '/live-sources', {
      name: 'Internal',
      type: 'hls',
      location: 'http://127.0.0.1:8080/live.m3u8',
    });
    expect(internal).toMatchObject({ status: 400, body: { code: 'LIVE_SOURCE_ADDRESS_PRIVATE' } });

    const created = await rest(t, key, 'POST', '/live-sources', udp);
    expect(created).toMatchObject({ status: 201, body: { ingestUrl: 'udp://mam.test:45100', mode: 'listener' } });
    expect(await rest(t, key, 'POST', '/live-sources', { ...udp, location: 'udp://0.0.0.0:45101' })).toMatchObject({
      status: 409,
      body: { code: 'LIVE_SOURCE_NAME_TAKEN', message: 'A live source with that name already exists.' },
    });
    // One socket receives one feed, whichever organisation asks for it.
    expect(await rest(t, bravoKey, 'POST', '/live-sources', { ...udp, name: 'Bravo feed' })).toMatchObject({
      status: 409,
      body: { code: 'LIVE_SOURCE_ADDRESS_TAKEN' },
    });
    expect(await rest(t, key, 'GET', '/live-sources/00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { code: 'LIVE_SOURCE_NOT_FOUND', message: 'The live source was not found.' },
    });
  });

  it('keeps the upload location its recordings are rendered to, and refuses any other location', async () => {
    const disk = await t.services.storages.create(
      await adminActor(t, alpha),
      localStorageInput('Ingest disk', `ingest-${backend}`, ['upload']),
      null,
    );
    const outbox = await t.services.storages.create(
      await adminActor(t, alpha),
      localStorageInput('Outbox', `outbox-${backend}`, ['export']),
      null,
    );
    const bravoDisk = await t.services.storages.create(
      await adminActor(t, bravo),
      localStorageInput('Bravo disk', `bravo-${backend}`, ['upload']),
      null,
    );
    const pipeline = (renderLocationId: string) => ({ highRes: 'copy', proxy: true, renderLocationId });
    const kept = await create({
      ...udp,
      name: 'Rendered to disk',
      location: 'udp://0.0.0.0:45130',
      pipeline: pipeline(disk.id),
    });
    expect(kept.pipeline).toMatchObject({ renderLocationId: disk.id });
    for (const other of [outbox.id, bravoDisk.id]) {
      const refused = await rest(t, key, 'POST', '/live-sources', {
        ...udp,
        name: 'Nowhere',
        location: 'udp://0.0.0.0:45131',
        pipeline: pipeline(other),
      });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          code: 'CRASH_RECORDING_LOCATION_INVALID',
          issues: [{ path: 'pipeline.renderLocationId', code: 'CRASH_RECORDING_LOCATION_INVALID' }],
        },
      });
    }
  });

  it('hides one organisation’s sources from another', async () => {
    const { body } = await rest(t, key, 'POST', '/live-sources', {
      name: 'Alpha only',
      type: 'rtp',
      location: 'rtp://239.9.9.9:45300',
    });
    const id = body.id as string;
    expect(await rest(t, bravoKey, 'GET', `/live-sources/${id}`)).toMatchObject({ status: 404 });
    expect((await rest(t, bravoKey, 'GET', '/live-sources')).body).toEqual({ sources: [] });
    expect(
      await rest(t, bravoKey, 'PUT', `/live-sources/${id}`, {
        name: 'Taken',
        type: 'rtp',
        location: 'rtp://239.9.9.9:45301',
      }),
    ).toMatchObject({ status: 404 });
    expect(await rest(t, bravoKey, 'DELETE', `/live-sources/${id}`)).toMatchObject({ status: 404 });
    await expect(t.services.liveSources.get(bravo.tenant.id, id)).rejects.toMatchObject({
      code: 'LIVE_SOURCE_NOT_FOUND',
    });
    expect(await rest(t, key, 'DELETE', `/live-sources/${id}`)).toMatchObject({ status: 200 });
    expect(await rest(t, key, 'GET', `/live-sources/${id}`)).toMatchObject({ status: 404 });
  });

  it('lets recording users see sources and only administrators change them', async () => {
    const recorder = await addMember(t, alpha, 'recorder', { liveRecording: true });
    expect(await recorder.client.query('liveSources.list')).toMatchObject({ ok: true });
    expect(
      await recorder.client.mutate('liveSources.create', {
        source: { ...udp, name: 'Mine', location: 'udp://0.0.0.0:45400' },
      }),
    ).toMatchObject({ status: 403 });
    const stranger = await addMember(t, alpha, 'stranger', {});
    expect(await stranger.client.query('liveSources.list')).toMatchObject({ ok: false, status: 403 });
  });

  it('keeps a render preset a source records with from being deleted', async () => {
    const preset = (await t.services.renderPresets.loadAll(alpha.tenant.id)).find((each) =>
      each.capabilities.includes('live'),
    )!;
    await create({
      name: 'Rendered feed',
      type: 'udp',
      location: 'udp://0.0.0.0:45500',
      pipeline: { highRes: { presetId: preset.id }, proxy: true },
    });
    const refused = await admin.mutate('renderPresets.delete', { id: preset.id });
    expect(refused).toMatchObject({ status: 409, code: 'RENDER_PRESET_IN_USE' });
    expect(JSON.stringify(refused)).toContain('The live source Rendered feed uses it.');
  });

  it('refuses a render preset a live recording cannot use, by code and with the preset named', async () => {
    const presets = await t.services.renderPresets.loadAll(alpha.tenant.id);
    const named = (name: string) => presets.find((each) => each.name === name)!;
    const withPreset = (presetId: string) => ({
      name: 'Mastered feed',
      type: 'udp',
      location: 'udp://0.0.0.0:45600',
      pipeline: { highRes: { presetId }, proxy: true },
    });
    const prores = await rest(t, key, 'POST', '/live-sources', withPreset(named('ProRes 422 HQ (MOV)').id));
    expect(prores).toMatchObject({
      status: 400,
      body: {
        code: 'LIVE_SOURCE_PRESET_UNSUITABLE',
        message: expect.stringContaining('The preset ProRes 422 HQ (MOV) cannot record live'),
        issues: [{ path: 'pipeline.highRes.presetId', code: 'LIVE_SOURCE_PRESET_UNSUITABLE' }],
      },
    });
    expect(await admin.mutate('liveSources.create', { source: withPreset(named('Rewrap to MOV').id) })).toMatchObject({
      ok: false,
      status: 400,
      code: 'LIVE_SOURCE_PRESET_UNSUITABLE',
    });
    // H.264 the segments carry, but the web preset is not one for live recording.
    expect(await rest(t, key, 'POST', '/live-sources', withPreset(named('Web MP4 (H.264)').id))).toMatchObject({
      status: 400,
      body: { code: 'LIVE_SOURCE_PRESET_NOT_LIVE' },
    });
    expect((await t.database.db.select().from(schema.liveSource)).map((row) => row.name)).not.toContain(
      'Mastered feed',
    );

    // A source that records with a broadcast preset cannot be changed to one it cannot use.
    const created = await rest(t, key, 'POST', '/live-sources', withPreset(named('XDCAM HD422 1080i50').id));
    expect(created).toMatchObject({ status: 201 });
    const id = created.body.id as string;
    expect(await rest(t, key, 'PUT', `/live-sources/${id}`, withPreset(named('ProRes 422 HQ (MOV)').id))).toMatchObject(
      { status: 400, body: { code: 'LIVE_SOURCE_PRESET_UNSUITABLE' } },
    );
    expect((await rest(t, key, 'GET', `/live-sources/${id}`)).body).toMatchObject({
      pipeline: { highRes: { presetId: named('XDCAM HD422 1080i50').id } },
    });
    // Another organisation's preset is not found, whatever it is.
    expect(
      await rest(t, bravoKey, 'POST', '/live-sources', {
        ...withPreset(named('XDCAM HD422 1080p25').id),
        location: 'udp://0.0.0.0:45601',
      }),
    ).toMatchObject({ status: 404, body: { code: 'RENDER_PRESET_NOT_FOUND' } });
  });

  it('reports a source fed over UDP as ready with its input and picture, and offline without a feed', async () => {
    const port = 46000 + (process.pid % 300) + (backend === 'pglite' ? 0 : 400);
    const source = await create({ name: `Loopback ${backend}`, type: 'udp', location: `udp://127.0.0.1:${port}` });
    const offline = await rest(t, key, 'GET', `/live-sources/${source.id}/status`);
    expect(offline).toMatchObject({ status: 200, body: { state: 'offline', input: null, thumbnail: null } });

    const feed = spawn(
      'ffmpeg',
      ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine']
        .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac'])
        .concat(['-f', 'mpegts', `udp://127.0.0.1:${port}?pkt_size=1316`]),
      { stdio: 'ignore' },
    );
    try {
      // The answer of the probe before is shared for a few seconds.
      t.clock.now = new Date(t.clock.now.getTime() + 10_000);
      const ready = await admin.query<TLiveSourceStatus>('liveSources.status', { id: source.id });
      expect(ready).toMatchObject({ ok: true, data: { state: 'ready', input: { videoCodec: 'h264', width: 320 } } });
      expect(ready.ok && ready.data.thumbnail).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    } finally {
      feed.kill('SIGKILL');
    }
    const bravoAsks = await rest(t, bravoKey, 'GET', `/live-sources/${source.id}/status`);
    expect(bravoAsks).toMatchObject({ status: 404 });
  }, 60_000);
});
