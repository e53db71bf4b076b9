import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlayableRender, type TPlayablePublisher } from './create-playable-render';
import { probeMedia } from './probe-media';
import { ffprobeJson, makeMultiTrackMxf, makeVideo } from './testing/media-fixtures';

const TIMEOUT_MS = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-playable-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Records what was published, in order, with each playlist's text as stored at that moment. */
function recorder() {
  const events: Array<{ file: string; body?: string }> = [];
  let playableAt = -1;
  const publisher: TPlayablePublisher = {
    publish: async (file, body) => {
      events.push({ file, ...(body === undefined ? {} : { body }) });
    },
    playable: async () => {
      playableAt = events.length;
    },
  };
  return { publisher, events, playableAt: () => playableAt };
}

describe('createPlayableRender', () => {
  it(
    'publishes EVENT playlists as they grow, each after its segments, then ends them and adds proxy, filmstrip and waveform',
    async () => {
      const input = await makeVideo(dir, { fileName: 'clip.mp4', width: 1280, height: 720, seconds: 5 });
      const outDir = path.join(dir, 'clip');
      const { publisher, events, playableAt } = recorder();
      const progress: number[] = [];
      const result = await createPlayableRender({
        input,
        outDir,
        probe: await probeMedia(input),
        segmentSeconds: 1,
        publisher,
        pollMs: 20,
        onProgress: (p) => progress.push(p),
      });

      expect(result).toMatchObject({
        masterPlaylist: 'hls/master.m3u8',
        proxy: 'proxy/proxy.mp4',
        filmstrip: { sprite: 'filmstrip.jpg', manifest: 'filmstrip.json' },
        waveform: 'waveform.json',
        segmentCount: 5,
        audioTracks: ['Track 1'],
      });
      expect(progress[progress.length - 1]).toBe(100);
      // It moves with the finished segments (ffmpeg's own position stands still while the filmstrip waits).
      expect(progress.some((p) => p > 0 && p < 95)).toBe(true);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      // Nothing is named before it is stored: each playlist text lists only segments published before it.
      const stored = new Set<string>();
      for (const event of events) {
        if (event.body !== undefined && event.file !== 'hls/master.m3u8') {
          for (const line of event.body.split('\n').filter((l) => l.endsWith('.ts'))) {
            expect(stored).toContain(`hls/${line}`);
          }
        }
        stored.add(event.file);
      }
      // The master goes out once every playlist has a segment, before the render has finished.
      const masterAt = events.findIndex((e) => e.file === 'hls/master.m3u8');
      expect(playableAt()).toBe(masterAt + 1);
      expect(masterAt).toBeLessThan(events.findIndex((e) => e.file === 'proxy/proxy.mp4'));
      const lowest = events.filter((e) => e.file === 'hls/stream_0.m3u8').map((e) => e.body!);
      expect(lowest[0]).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(lowest[0]).not.toContain('#EXT-X-ENDLIST');
      expect(lowest[lowest.length - 1]).toMatch(/#EXT-X-ENDLIST\s*$/);
      expect(lowest.length).toBeGreaterThan(1);
      expect(events.filter((e) => e.file === 'hls/master.m3u8')).toHaveLength(1);

      const master = await ffprobeJson(path.join(outDir, 'hls/master.m3u8'));
      expect(master.streams.filter((s) => s.codec_type === 'video').map((s) => s.height)).toEqual(
        expect.arrayContaining([360, 720]),
      );
      const proxy = await ffprobeJson(path.join(outDir, 'proxy/proxy.mp4'));
      expect(proxy.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      expect(Number(proxy.format.duration)).toBeCloseTo(5, 0);
      const proxyVideo = proxy.streams.find((s) => s.codec_type === 'video')!;
      expect([proxyVideo.width, proxyVideo.height]).toEqual([1280, 720]);
      expect((await stat(path.join(outDir, 'filmstrip.jpg'))).size).toBeGreaterThan(1000);
      const waveform = JSON.parse(await readFile(path.join(outDir, 'waveform.json'), 'utf8')) as { peaks: number[] };
      expect(Math.max(...waveform.peaks)).toBeGreaterThan(0.1);
      expect(result.bytes.proxy).toBeGreaterThan(0);
      expect(result.bytes.hls).toBeGreaterThan(result.bytes.proxy);
    },
    TIMEOUT_MS,
  );

  it(
    'offers each track of an MXF with eight mono tracks as alternate audio, tracks 1+2 the stereo default',
    async () => {
      const input = await makeMultiTrackMxf(dir, { seconds: 2, tracks: 8 });
      const probe = await probeMedia(input);
      expect(probe.audioTracks).toHaveLength(8);
      const outDir = path.join(dir, 'mxf');
      const { publisher } = recorder();
      const result = await createPlayableRender({ input, outDir, probe, publisher, segmentSeconds: 1 });

      expect(result.audioTracks).toEqual(['Tracks 1+2', ...Array.from({ length: 8 }, (_, i) => `Track ${i + 1}`)]);
      const master = await readFile(path.join(outDir, 'hls/master.m3u8'), 'utf8');
      const media = master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio"'));
      expect(media).toHaveLength(9);
      for (const line of master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'))) {
        expect(line).toContain('AUDIO="audio"');
      }
      // Every alternate decodes, with its own channel count.
      for (const [i, line] of media.entries()) {
        const uri = /URI="([^"]+)"/.exec(line)![1]!;
        const playlist = await readFile(path.join(outDir, 'hls', uri), 'utf8');
        expect(playlist).toMatch(/#EXT-X-ENDLIST\s*$/);
        const audio = await ffprobeJson(path.join(outDir, 'hls', uri));
        expect(audio.streams.map((s) => [s.codec_name, s.channels])).toEqual([['aac', i === 0 ? 2 : 1]]);
      }
      const proxy = await ffprobeJson(path.join(outDir, 'proxy/proxy.mp4'));
      expect(proxy.streams.find((s) => s.codec_type === 'audio')?.channels).toBe(2);
      expect(proxy.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    },
    TIMEOUT_MS,
  );
});
