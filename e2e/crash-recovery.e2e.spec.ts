import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeVideo } from '@mam/api/testing/media-fixtures';
import { freeUdpPort, startUdpFeed } from '@mam/workers/testing/udp-feed';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { createApiKey } from './support/api-key';
import { uploadItem, waitUntilProcessed } from './support/seed-item';
import { restCaller } from './support/rest-caller';
import { killServer, startServer, type RunningServer } from './support/server';

jest.setTimeout(300_000);

type Item = {
  upload: { state: string } | null;
  transcoding: { state: string; step: string | null; error: string | null } | null;
  proxy: { hls: string | null; mp4: string | null };
  urls: { original: string | null; thumbnail: string | null };
};

/**
 * kill -9 in the middle of an upload and again in the middle of processing: after each restart the upload resumes
 * from the bytes the server has, processing finishes, the stored original is byte-identical to the source, and the
 * workflow journal shows every completed activity completed once.
 */
describe('crash recovery of the media pipeline', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mam-e2e-crash-'));
  const dataDir = path.join(dir, 'data');
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes an upload and a transcode interrupted by kill -9, with nothing lost and no step run twice', async () => {
    const video = makeVideo(dir, 'crash.mp4', 20, '1280x720');
    const data = readFileSync(video);
    server = await startServer({ dataDir });
    const key = await createApiKey(server);
    const headers = { authorization: `Bearer ${key}`, 'tus-resumable': '1.0.0' };
    const metadata = `filename ${Buffer.from('crash.mp4').toString('base64')}`;

    const created = await fetch(`${server.url}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(data.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const itemId = created.headers.get('item-id')!;
    const half = Math.floor(data.length / 2);
    const patch = (base: string, offset: number, chunk: Buffer) =>
      fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: chunk,
      });
    expect((await patch(server.url, 0, data.subarray(0, half))).status).toBe(204);

    // Mid-upload.
    await killServer(server);
    server = await startServer({ dataDir });
    const head = await fetch(`${server.url}${location}`, { method: 'HEAD', headers });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);
    expect((await patch(server.url, offset, data.subarray(offset))).status).toBe(204);

    const item = async (base: string) =>
      (await (await fetch(`${base}/api/v1/items/${itemId}`, { headers })).json()) as Item;

    // Mid-transcode: once the renditions have started.
    for (let i = 0; ; i++) {
      const state = await item(server.url);
      if (state.transcoding?.state === 'PROGRESSING' && state.transcoding.step === 'playable') break;
      if (state.transcoding?.state === 'COMPLETE' || i > 600) throw new Error('processing finished before the kill');
      await new Promise((r) => setTimeout(r, 50));
    }
    await killServer(server);
    server = await startServer({ dataDir });

    let settled: Item;
    for (let i = 0; ; i++) {
      settled = await item(server.url);
      if (settled.transcoding?.state === 'COMPLETE' || settled.transcoding?.state === 'ERROR') break;
      if (i > 1200) throw new Error('processing did not finish after the restart');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(settled.transcoding).toMatchObject({ state: 'COMPLETE', error: null });
    for (const url of [settled.proxy.hls, settled.proxy.mp4, settled.urls.thumbnail]) {
      expect((await fetch(`${server.url}${url}`, { headers })).status).toBe(200);
    }
    const original = Buffer.from(
      await (await fetch(`${server.url}${settled.urls.original}`, { headers })).arrayBuffer(),
    );
    expect(original.equals(data)).toBe(true);

    // The journal, read through the socket the server serves its embedded database on.
    const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const { rows } = await client.query<{ command_seq: number; completed: string; activity: string }>(
        `select s.command_seq, s.payload->>'activityType' as activity,
                (select count(*) from workflow_event c
                  where c.execution_id = s.execution_id and c.command_seq = s.command_seq and c.kind = 'ActivityCompleted') as completed
           from workflow_event s
           join workflow_execution e on e.id = s.execution_id
          where e.item_id = $1 and s.kind = 'ActivityScheduled'`,
        [itemId],
      );
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows)
        expect({ activity: row.activity, completed: Number(row.completed) }).toEqual({
          activity: row.activity,
          completed: 1,
        });
    } finally {
      await client.end();
    }
  });
  it('finishes a central render interrupted by kill -9 into the same placeholder, frame exact', async () => {
    server ??= await startServer({ dataDir });
    const key = await createApiKey(server);
    const call = restCaller(() => server!, key);
    const sources: string[] = [];
    for (const name of ['render-a.mp4', 'render-b.mp4']) {
      const id = await uploadItem(server, key, name, readFileSync(makeVideo(dir, name, 8, '640x360', 25)));
      await waitUntilProcessed(server, key, id);
      sources.push(id);
    }
    const sequence = await call('POST', '/sequences', {
      title: 'Crash story',
      clips: [
        { itemId: sources[0], inFrame: 0, outFrame: 190 },
        { itemId: sources[1], inFrame: 7, outFrame: 200 },
      ],
    });
    expect(sequence.status).toBe(201);
    const { presets } = (await call('GET', '/render-presets')).body as {
      presets: Array<{ id: string; settings: { mode: string; format?: string } }>;
    };
    const broadcast = presets.find((p) => p.settings.mode === 'broadcast' && p.settings.format === '1080i50')!;
    const started = await call('POST', `/sequences/${String(sequence.body.id)}/render`, { presetId: broadcast.id });
    expect(started.status).toBe(202);
    const { renderId, placeholderItemId } = started.body as { renderId: string; placeholderItemId: string };

    // Mid-render: ffmpeg has written part of the file.
    for (let i = 0; ; i++) {
      const render = (await call('GET', `/renders/${renderId}`)).body as { state: string; progress: number };
      if (render.state === 'rendering' && render.progress > 0.05) break;
      if (!['queued', 'rendering'].includes(render.state) || i > 1200) {
        throw new Error(`the render was ${render.state} before the kill`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await killServer(server);
    server = await startServer({ dataDir });

    let render: { state: string; error: string | null; placeholderItemId: string };
    for (let i = 0; ; i++) {
      render = (await call('GET', `/renders/${renderId}`)).body as typeof render;
      if (['done', 'failed', 'cancelled'].includes(render.state)) break;
      if (i > 2400) throw new Error('the render did not finish after the restart');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(render).toMatchObject({ state: 'done', error: null, placeholderItemId });
    const download = await fetch(`${server.url}/api/v1/renders/${renderId}/download`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(download.status).toBe(200);
    const file = path.join(dir, 'crash-render.mxf');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const counted = spawnSync('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
    ]);
    expect(Number.parseInt(String(counted.stdout), 10)).toBe(190 + 193);
  });

  it('keeps a crash recording going through kill -9, into the same item, a break marked in its history', async () => {
    server ??= await startServer({ dataDir });
    const key = await createApiKey(server);
    const call = restCaller(() => server!, key);
    const until = async <T>(what: string, fn: () => Promise<T | null>, seconds = 120): Promise<T> => {
      for (const started = Date.now(); ;) {
        const value = await fn();
        if (value !== null) return value;
        if (Date.now() - started > seconds * 1000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const port = await freeUdpPort();
    const feed = startUdpFeed(port);
    try {
      const source = await call('POST', '/live-sources', {
        name: 'Crash feed',
        type: 'udp',
        location: `udp://127.0.0.1:${port}`,
      });
      expect(source.status).toBe(201);
      const sourceId = String(source.body.id);
      const started = await call('POST', `/live-sources/${sourceId}/crash-recording`);
      expect(started.status).toBe(201);
      const itemId = String(started.body.itemId);
      type LiveItem = {
        itemType: string;
        playback: { url: string; kind: string } | null;
        transcoding: { state: string } | null;
        media: { durationSeconds: number | null; videoCodec: string | null } | null;
      };
      const item = async () => (await call('GET', `/items/${itemId}`)).body as unknown as LiveItem;
      const playlist = async () => {
        const playback = (await item()).playback;
        if (!playback) return '';
        const response = await fetch(`${server!.url}${playback.url}`, { headers: { authorization: `Bearer ${key}` } });
        return response.ok ? response.text() : '';
      };
      const segments = (text: string) => text.split('\n').filter((line) => line.endsWith('.ts')).length;
      await until('three proxy segments before the kill', async () => (segments(await playlist()) >= 3 ? 1 : null));

      await killServer(server);
      server = await startServer({ dataDir });

      // The same item records on: the playlist grows past a discontinuity, the source still records into it.
      const after = await until('the recording to go on after the restart', async () => {
        const text = await playlist();
        const tail = text.split('#EXT-X-DISCONTINUITY')[1];
        return tail && segments(tail) >= 3 ? text : null;
      });
      expect(after).not.toContain('#EXT-X-ENDLIST');
      const view = await call('GET', `/live-sources/${sourceId}`);
      expect(view.body).toMatchObject({ recording: { itemId } });

      expect((await call('DELETE', `/live-sources/${sourceId}/crash-recording`)).status).toBe(200);
      const video = await until('the recording processed', async () => {
        const current = await item();
        return current.itemType === 'video' && current.transcoding?.state === 'COMPLETE' ? current : null;
      });
      expect(video.media?.videoCodec).toBe('h264');
      // Both runs' segments are in it: at least 4 s closed before the kill and 6 s after the restart.
      expect(video.media?.durationSeconds).toBeGreaterThan(8);

      const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
      await client.connect();
      try {
        const { rows } = await client.query<{ action: string; details: { seconds: number } }>(
          `select action, details from audit_event where target_id = $1 and action = 'item.recording_gap'`,
          [itemId],
        );
        // The killed server's ffmpeg records on until the restart ends it, and what it closed is kept: the break is
        // the restart's own few seconds at most, in the history when it passes the tolerance.
        expect(rows.length).toBeLessThanOrEqual(1);
        for (const row of rows) expect(row.details.seconds).toBeGreaterThan(1.5);
      } finally {
        await client.end();
      }
    } finally {
      await feed.stop();
    }
  });
});
