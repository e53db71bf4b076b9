import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@mam/workers';
import { centralRenderWorkflowId } from '@mam/workflows';
import { makeVideo } from '../testing/media-fixtures';
import { createWorkflowTranscoder } from '../testing/workflow-transcoder';

jest.setTimeout(600_000);

describe('central render', () => {
  let dir: string;
  let transcoder: Awaited<ReturnType<typeof createWorkflowTranscoder>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mam-central-render-'));
    transcoder = await createWorkflowTranscoder(path.join(dir, 'data'));
  });
  afterAll(async () => {
    await transcoder?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders a sequence into a placeholder that is then processed like an upload', async () => {
    const { services, actor, tenant, engine } = transcoder;
    const sources = [];
    for (const name of ['a.mp4', 'b.mp4']) {
      sources.push(await transcoder.run(makeVideo(dir, name, 2)));
    }
    const { id: sequenceId } = await services.sequences.create(
      actor,
      {
        title: 'Evening news',
        clips: [
          { itemId: sources[0]!.itemId, inFrame: 5, outFrame: 30 },
          { itemId: sources[1]!.itemId, inFrame: 0, outFrame: 20 },
          { itemId: sources[0]!.itemId, inFrame: 40, outFrame: 50 },
        ],
      },
      null,
    );
    const generic = (await services.renderPresets.list(actor)).find((p) => p.settings.mode === 'generic')!;
    // The web preset lets a render choose its own first timecode.
    const started = await services.centralRenders.start(actor, sequenceId, generic.id, null, {
      startTimecode: '01:02:03:04',
    });
    const placeholder = await services.deps.repos.items.findById(tenant.id, started.placeholderItemId);
    expect(placeholder).toMatchObject({ itemType: 'placeholder', title: 'Evening news' });

    await engine.result(centralRenderWorkflowId(tenant.id, started.renderId));
    const render = await services.centralRenders.get(actor, started.renderId);
    expect(render).toMatchObject({ state: 'done', progress: 1, error: null, presetName: generic.name });
    const found = await services.deps.repos.items.findWithVersion(tenant.id, started.placeholderItemId);
    expect(found?.item.itemType).toBe('video');
    expect(found?.version?.transcoding.state).toBe('COMPLETE');
    expect(found?.version?.renditions.proxyMp4).toBeTruthy();
    expect(found?.version?.renditions.thumbnail).toBeTruthy();
    // The sources run at 50 frames a second, and the generic preset keeps their rate.
    expect(Math.round((found?.version?.media?.durationSeconds ?? 0) * 50)).toBe(25 + 20 + 10);
    expect(found?.version?.media?.timecodeStart).toBe('01:02:03:04');
    expect(await services.centralRenders.listForSequence(actor, sequenceId)).toEqual([render]);
    await expect(services.centralRenders.cancel(actor, started.renderId, null)).rejects.toMatchObject({
      code: 'CENTRAL_RENDER_NOT_FOUND',
    });

    // A preset with a fixed start timecode refuses a render's own, and nothing is created.
    const { name, hidden, fallbackPresetId, startTimecode, capabilities, settings } = generic;
    const fixed = { name, hidden, fallbackPresetId, startTimecode, capabilities, settings };
    await services.renderPresets.update(actor, generic.id, { ...fixed, overrideStartTimecode: false }, null);
    const before = await services.centralRenders.listForSequence(actor, sequenceId);
    await expect(
      services.centralRenders.start(actor, sequenceId, generic.id, null, { startTimecode: '01:00:00:00' }),
    ).rejects.toMatchObject({ code: 'RENDER_START_TIMECODE_FIXED' });
    expect(await services.centralRenders.listForSequence(actor, sequenceId)).toEqual(before);
  });
  it('renders with the broadcast preset into an MXF of 8 PCM tracks from the start timecode, frame exact; cancels a running render', async () => {
    const { services, actor, tenant, engine } = transcoder;
    const sources = [];
    for (const name of ['c.mp4', 'd.mp4']) {
      sources.push(await transcoder.run(makeVideo(dir, name, 2, '320x180', 25)));
    }
    const { id: sequenceId } = await services.sequences.create(
      actor,
      {
        title: 'Late news',
        clips: [
          { itemId: sources[0]!.itemId, inFrame: 3, outFrame: 28 },
          { itemId: sources[1]!.itemId, inFrame: 0, outFrame: 20 },
          { itemId: sources[0]!.itemId, inFrame: 40, outFrame: 50 },
        ],
      },
      null,
    );
    const broadcast = (await services.renderPresets.list(actor)).find(
      (p) => p.settings.mode === 'broadcast' && p.settings.format === '1080i50',
    )!;
    const started = await services.centralRenders.start(actor, sequenceId, broadcast.id, null);
    await engine.result(centralRenderWorkflowId(tenant.id, started.renderId));
    expect(await services.centralRenders.get(actor, started.renderId)).toMatchObject({ state: 'done' });

    const stored = await services.centralRenders.download(actor, started.renderId);
    const storage = await services.storages.resolve(tenant.id, stored.storageId);
    const file = path.join(dir, 'rendered.mxf');
    await pipeline((await storage.get(stored.key)).body, createWriteStream(file));
    const probe = await probeMedia(file);
    expect(probe.formatName).toBe('mxf');
    expect(probe.video).toMatchObject({ codec: 'mpeg2video', width: 1920, height: 1080, frameRate: '25/1' });
    expect(probe.audioTracks).toHaveLength(8);
    for (const track of probe.audioTracks) expect(track).toMatchObject({ codec: 'pcm_s24le', channels: 1 });
    expect(probe.timecodeStart).toBe(broadcast.startTimecode);
    const counted = spawnSync('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
    ]);
    expect(Number.parseInt(String(counted.stdout), 10)).toBe(25 + 20 + 10);

    // A second render is cancelled while ffmpeg runs: the placeholder says so and the run ends cancelled.
    const second = await services.centralRenders.start(actor, sequenceId, broadcast.id, null);
    for (let i = 0; i < 600; i += 1) {
      const { state } = await services.centralRenders.get(actor, second.renderId);
      if (state !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await services.centralRenders.cancel(actor, second.renderId, null);
    await expect(engine.result(centralRenderWorkflowId(tenant.id, second.renderId))).rejects.toBeTruthy();
    expect(await services.centralRenders.get(actor, second.renderId)).toMatchObject({
      state: 'cancelled',
      error: 'Central render cancelled',
    });
    const placeholder = await services.deps.repos.items.findWithVersion(tenant.id, second.placeholderItemId);
    expect(placeholder?.version?.transcoding).toMatchObject({ state: 'ERROR', error: 'Central render cancelled' });
  });
});
