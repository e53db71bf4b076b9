import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TRenderPresetSettings } from '@mam/core';
import { resolveFfmpeg, type TFfmpegBinaries } from '../media/ffmpeg-binaries';
import { runProcess, summariseLog } from '../media/run-process';
import { startRecorder, type TRecordedSegment } from './recorder';
import { planPresetJoin, presetRecorderArgs } from './recorder-preset';
import { ffmpegOut, h264Units, videoPackets } from './testing/stream-units';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from './testing/udp-feed';

const TIMEOUT_MS = 180_000;

let dir: string;
let binaries: TFfmpegBinaries;
let feed: TUdpFeed | null = null;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-recorder-preset-'));
  binaries = await resolveFfmpeg();
});
afterEach(async () => {
  await feed?.stop();
  feed = null;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface TProbedStream {
  codec_type: string;
  codec_name: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  field_order?: string;
  channels?: number;
  sample_rate?: string;
  bits_per_raw_sample?: string;
  nb_read_packets?: string;
}

async function probe(
  file: string,
): Promise<{ streams: TProbedStream[]; format: { format_name: string; tags?: Record<string, string> } }> {
  const args = ['-v', 'error', '-count_packets', '-show_streams', '-show_format', '-of', 'json', file];
  const exit = await runProcess(binaries.ffprobePath, args, { collectStdout: true });
  if (exit.code !== 0) throw new Error(summariseLog(exit.log));
  return JSON.parse(exit.stdout) as never;
}

async function recordFeed(name: string, settings: TRenderPresetSettings) {
  feed = startUdpFeed(await freeUdpPort());
  const recDir = path.join(dir, name);
  const seen: TRecordedSegment[] = [];
  const recorder = startRecorder({
    binaries,
    input: { url: feed.url, inputOptions: [] },
    dir: recDir,
    run: 1,
    segmentSeconds: 2,
    highRes: presetRecorderArgs(settings),
    onSegment: (segment) => seen.push(segment),
  });
  const until = Date.now() + 60_000;
  while (seen.length < 3) {
    if (Date.now() > until) throw new Error('Timed out waiting for three segments');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exit = await recorder.stop();
  expect(exit.stopped).toBe(true);
  const output = path.join(recDir, 'joined');
  const plan = await planPresetJoin(recDir, exit.segments, output, {
    settings,
    timecode: '10:00:00:00',
    audio: true,
    frameRate: '25/1',
  });
  const joined = await runProcess(binaries.ffmpegPath, plan.args);
  if (joined.code !== 0) throw new Error(`join failed: ${summariseLog(joined.log)}`);
  const concat = ['-f', 'concat', '-safe', '0', '-i', path.join(recDir, 'join.txt')];
  const seconds = exit.segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
  return { recDir, segments: exit.segments, output, plan, concat, seconds };
}

describe('a live recording with a render preset', () => {
  it(
    'records the broadcast preset as MPEG-2 4:2:2 segments and joins them into MXF OP1a with 8 PCM tracks',
    async () => {
      const settings: TRenderPresetSettings = { mode: 'broadcast', format: '1080i50', audioTracks: 8 };
      const { segments, output, plan, concat, seconds } = await recordFeed('broadcast', settings);
      expect(plan.extension).toBe('mxf');
      // The segments themselves stay MPEG-TS (downloads concatenate them), the sound in them SMPTE 302M.
      const segment = await probe(path.join(dir, 'broadcast', segments[0]!.file));
      expect(segment.format.format_name).toBe('mpegts');
      expect(segment.streams.map((s) => s.codec_name)).toEqual(['mpeg2video', 's302m']);
      expect((await readFile(path.join(dir, 'broadcast', segments[0]!.file)))[0]).toBe(0x47);

      const joined = await probe(output);
      expect(joined.format.format_name).toBe('mxf');
      // SMPTE 377M's label of operational pattern 1a.
      expect(joined.format.tags?.operational_pattern_ul).toBe('060e2b34.04010101.0d010201.01010900');
      expect(joined.format.tags?.timecode).toBe('10:00:00:00');
      const [video, ...audio] = joined.streams;
      expect(video).toMatchObject({
        codec_type: 'video',
        codec_name: 'mpeg2video',
        pix_fmt: 'yuv422p',
        width: 1920,
        height: 1080,
        field_order: 'tt',
      });
      expect(audio).toHaveLength(8);
      for (const track of audio) {
        expect(track).toMatchObject({
          codec_type: 'audio',
          codec_name: 'pcm_s24le',
          channels: 1,
          sample_rate: '48000',
          bits_per_raw_sample: '24',
        });
      }
      // A frame for every 25th of a second recorded, none added or lost by the join.
      expect(Math.abs(Number(video!.nb_read_packets) - seconds * 25)).toBeLessThanOrEqual(1);
      // The join copied the video: the very packets the recorder encoded.
      const recorded = await videoPackets(concat);
      expect(recorded.length).toBeGreaterThan(50);
      expect(await videoPackets(['-i', output])).toEqual(recorded);

      // Each track is as long as the picture (1920 samples a frame): the stop can leave the last segment's sound
      // shorter or longer than its picture, and the join pads or cuts it to the frames.
      const pcm = (input: string[], map: string, pan: string[]) =>
        ffmpegOut([...input, '-map', map, ...pan, '-c:a', 'pcm_s24le', '-f', 's24le']);
      const first = await pcm(['-i', output], '0:a:0', []);
      expect(first.length).toBe(Number(video!.nb_read_packets) * 1920 * 3);
      // The feed's one channel is the first track, sample for sample as the segments carry it (302M decoded
      // losslessly); any padding is silence. The other tracks are silence.
      const carried = await pcm(concat, '0:a:0', ['-af', 'pan=mono|c0=c0']);
      const common = Math.min(first.length, carried.length);
      expect(common).toBeGreaterThan(48000 * 3 * 5);
      expect(first.subarray(0, common).equals(carried.subarray(0, common))).toBe(true);
      expect(first.subarray(common).every((byte) => byte === 0)).toBe(true);
      expect(first.some((byte) => byte !== 0)).toBe(true);
      const last = await pcm(['-i', output], '0:a:7', []);
      expect(last.length).toBe(first.length);
      expect(last.every((byte) => byte === 0)).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'records a generic preset as H.264/AAC segments and joins them into MP4 with the video copied',
    async () => {
      const settings: TRenderPresetSettings = {
        mode: 'generic',
        height: 144,
        crf: 28,
        speed: 'ultrafast',
        audioBitrateKbps: 96,
      };
      const { output, plan, concat, seconds } = await recordFeed('generic', settings);
      expect(plan.extension).toBe('mp4');
      const joined = await probe(output);
      expect(joined.format.format_name).toContain('mp4');
      const video = joined.streams.find((s) => s.codec_type === 'video');
      const audio = joined.streams.filter((s) => s.codec_type === 'audio');
      expect(video).toMatchObject({ codec_name: 'h264', height: 144, width: 256 });
      expect(audio.map((s) => s.codec_name)).toEqual(['aac']);
      expect(audio[0]).toMatchObject({ channels: 2, sample_rate: '48000' });
      expect(Math.abs(Number(video!.nb_read_packets) - seconds * 25)).toBeLessThanOrEqual(1);
      const recorded = await h264Units(concat);
      expect(recorded.length).toBeGreaterThan(150);
      expect(await h264Units(['-i', output])).toEqual(recorded);
    },
    TIMEOUT_MS,
  );
});
