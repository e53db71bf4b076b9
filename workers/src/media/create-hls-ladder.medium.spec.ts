import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHlsLadder } from './create-hls-ladder';
import { findFfmpeg } from './ffmpeg-binaries';
import { probeMedia } from './probe-media';
import { ffprobeJson, makeAudio, makeVideo } from './testing/media-fixtures';

// Encoding 1080p50 takes seconds on an idle machine and far longer on a busy CI runner.
const HD_TIMEOUT_MS = 120_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-hls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const extinf = (playlist: string) =>
  playlist
    .split('\n')
    .filter((line) => line.startsWith('#EXTINF:'))
    .map((line) => Number(/^#EXTINF:([\d.]+)/.exec(line)![1]));

describe('createHlsLadder', () => {
  it(
    'cuts a 1080p50 source into 1080/720/360 with keyframe-aligned segments that ffprobe accepts',
    async () => {
      const input = await makeVideo(dir, { fileName: 'hd.mp4', width: 1920, height: 1080, fps: 50, seconds: 1 });
      const outDir = path.join(dir, 'hd');
      const progress: number[] = [];
      const result = await createHlsLadder({
        input,
        outDir,
        probe: await probeMedia(input),
        segmentSeconds: 0.5,
        onProgress: (p) => progress.push(p),
      });

      expect(result).toMatchObject({
        masterPlaylist: 'hls/master.m3u8',
        segmentCount: 2,
        segmentDuration: { numerator: 6400, denominator: 12800 },
        segmentSeconds: 0.5,
      });
      expect(result.variants.map((v) => [v.playlist, v.name, v.width, v.height, v.segmentCount])).toEqual([
        ['hls/stream_0.m3u8', '1080p', 1920, 1080, 2],
        ['hls/stream_1.m3u8', '720p', 1280, 720, 2],
        ['hls/stream_2.m3u8', '360p', 640, 360, 2],
      ]);
      expect(result.files).toContain('hls/master.m3u8');
      expect(result.files.filter((f) => f.endsWith('.ts'))).toHaveLength(6);
      expect(progress[progress.length - 1]).toBe(100);

      const master = await readFile(path.join(outDir, result.masterPlaylist), 'utf8');
      expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
      const accepted = await ffprobeJson(path.join(outDir, result.masterPlaylist));
      expect(accepted.format.format_name).toBe('hls');
      const videos = accepted.streams.filter((s) => s.codec_type === 'video');
      expect(videos.map((s) => s.height).sort()).toEqual([1080, 360, 720]);
      expect(accepted.streams.filter((s) => s.codec_type === 'audio').every((s) => s.codec_name === 'aac')).toBe(true);

      for (const variant of result.variants) {
        const playlist = await readFile(path.join(outDir, variant.playlist), 'utf8');
        expect(extinf(playlist)).toEqual([0.5, 0.5]);
        for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts'))) {
          const first = await ffprobeJson(path.join(outDir, 'hls', segment), [
            '-select_streams',
            'v:0',
            '-show_entries',
            'packet=flags',
            '-read_intervals',
            '%+#1',
          ]);
          expect(first.packets?.[0]?.flags).toMatch(/^K/);
        }
      }
    },
    HD_TIMEOUT_MS,
  );

  it('makes one AAC rendition from audio', async () => {
    const input = await makeAudio(dir, { fileName: 'tone.m4a', seconds: 3 });
    const outDir = path.join(dir, 'audio');
    const result = await createHlsLadder({ input, outDir, probe: await probeMedia(input), segmentSeconds: 2 });
    expect(result.variants).toEqual([
      { playlist: 'hls/stream_0.m3u8', name: 'audio', width: null, height: null, bandwidth: 128000, segmentCount: 2 },
    ]);
    expect(result.segmentDuration).toEqual({ numerator: 25600, denominator: 12800 });
    const accepted = await ffprobeJson(path.join(outDir, result.masterPlaylist));
    expect(accepted.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['audio', 'aac']]);
  });

  it('works with the bundled static ffmpeg too, writing the master playlist it leaves empty', async () => {
    const binaries = await findFfmpeg({ searchDirs: [], logger: { warn: () => undefined } });
    const input = await makeVideo(dir, { fileName: 'small.mp4', width: 640, height: 360, seconds: 2 });
    const outDir = path.join(dir, 'bundled');
    const result = await createHlsLadder({
      input,
      outDir,
      probe: await probeMedia(input),
      segmentSeconds: 1,
      binaries,
    });
    expect(result.variants.map((v) => v.name)).toEqual(['360p']);
    expect(result.segmentCount).toBe(2);
    const accepted = await ffprobeJson(path.join(outDir, result.masterPlaylist));
    expect(accepted.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
  });

  it('replaces the segments of an earlier attempt', async () => {
    const input = await makeVideo(dir, { fileName: 'retry.mp4', seconds: 2 });
    const outDir = path.join(dir, 'retry');
    const probe = await probeMedia(input);
    await createHlsLadder({ input, outDir, probe, segmentSeconds: 0.5 });
    const second = await createHlsLadder({ input, outDir, probe, segmentSeconds: 1 });
    expect(second.files.filter((f) => f.endsWith('.ts'))).toHaveLength(2);
  });
});
