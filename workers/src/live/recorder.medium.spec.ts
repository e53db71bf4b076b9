import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../media/ffmpeg-binaries';
import { RECORDER_PLAYLIST } from './recorder-plan';
import { findGaps, highResFor, probeRecorderCodecs, startRecorder, type TRecordedSegment } from './recorder';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from './testing/udp-feed';

const TIMEOUT_MS = 120_000;

let dir: string;
let feed: TUdpFeed | null = null;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-recorder-'));
});
afterEach(async () => {
  await feed?.stop();
  feed = null;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const playlistSegments = (text: string) => text.split('\n').filter((line) => line.endsWith('.ts')).length;

describe('startRecorder', () => {
  it(
    'says a feed whose keyframes are further apart than its short look cannot be sized, and records it with the long one',
    async () => {
      const binaries = await resolveFfmpeg();
      const port = await freeUdpPort();
      feed = startUdpFeed(port, { gop: 250 }); // a keyframe every 10 s, the first as the feed begins
      const input = { url: feed.url, inputOptions: [] };
      const base = { binaries, input, run: 1, segmentSeconds: 2, highRes: 'copy' } as const;
      // Looked at 3 s into the feed, past its first keyframe: the next comes long after the 2.5 s look has ended.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const unsized = await startRecorder({ ...base, dir: path.join(dir, 'long-gop-short') }).done;
      expect(unsized).toMatchObject({ stopped: false, unsized: true, segments: [] });

      const recorder = startRecorder({ ...base, dir: path.join(dir, 'long-gop-long'), analysis: 'long' });
      await waitFor(
        'a playable playlist',
        async () => {
          const text = await readFile(path.join(dir, 'long-gop-long', RECORDER_PLAYLIST), 'utf8').catch(() => '');
          return playlistSegments(text) >= 1 ? text : null;
        },
        40_000,
      );
      const exit = await recorder.stop();
      expect(exit).toMatchObject({ stopped: true, unsized: false });
    },
    TIMEOUT_MS,
  );

  it(
    'stream-copies an H.264/AAC UDP feed into segments, grows an event playlist, and stops with whole segments',
    async () => {
      const binaries = await resolveFfmpeg();
      const port = await freeUdpPort();
      feed = startUdpFeed(port);
      const input = { url: feed.url, inputOptions: [] };
      const codecs = await probeRecorderCodecs(binaries, input);
      expect(codecs).toEqual({ video: 'h264', audio: 'aac' });
      expect(highResFor(codecs)).toBe('copy');

      const recDir = path.join(dir, 'one');
      const seen: TRecordedSegment[] = [];
      const recorder = startRecorder({
        binaries,
        input,
        dir: recDir,
        run: 1,
        segmentSeconds: 2,
        highRes: 'copy',
        onSegment: (segment) => seen.push(segment),
      });
      const playlist = await waitFor('a playable playlist', async () => {
        const text = await readFile(path.join(recDir, RECORDER_PLAYLIST), 'utf8').catch(() => '');
        return playlistSegments(text) >= 1 ? text : null;
      });
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
      expect(playlist).not.toContain('#EXT-X-ENDLIST');
      await waitFor('three high-res segments', async () => (seen.length >= 3 ? true : null));
      const exit = await recorder.stop();

      expect(exit.stopped).toBe(true);
      expect(exit.segments.length).toBeGreaterThanOrEqual(3);
      const total = exit.segments.reduce((sum, s) => sum + s.durationSeconds, 0);
      expect(total).toBeGreaterThan(5);
      expect(findGaps(exit.segments, 1)).toEqual([]);
      const ended = await readFile(path.join(recDir, RECORDER_PLAYLIST), 'utf8');
      expect(ended).toContain('#EXT-X-ENDLIST');
      // Every segment, the last one too, decodes to its end: the stop let ffmpeg close it.
      const last = await probeRecorderCodecs(binaries, {
        url: path.join(recDir, exit.segments.at(-1)!.file),
        inputOptions: [],
      });
      expect(last).toEqual({ video: 'h264', audio: 'aac' });
    },
    TIMEOUT_MS,
  );

  it(
    'appends a second run to the same playlist after a break, marking the discontinuity and the gap',
    async () => {
      const binaries = await resolveFfmpeg();
      const port = await freeUdpPort();
      feed = startUdpFeed(port);
      const input = { url: feed.url, inputOptions: [] };
      const recDir = path.join(dir, 'two');
      const runOnce = async (run: number) => {
        const recorder = startRecorder({ binaries, input, dir: recDir, run, segmentSeconds: 1, highRes: 'copy' });
        await waitFor('two segments', async () => {
          const text = await readFile(path.join(recDir, 'highres', `run-00${run}.csv`), 'utf8').catch(() => '');
          return text.trim().split('\n').length >= 2 && text.trim() ? true : null;
        });
        return recorder.stop();
      };
      const first = await runOnce(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const second = await runOnce(2);

      const gaps = findGaps([...first.segments, ...second.segments], 0.5);
      expect(gaps).toHaveLength(1);
      expect(gaps[0]!.seconds).toBeGreaterThan(1);
      expect(gaps[0]!.beforeSegment).toBe(second.segments[0]!.file);
      const playlist = await readFile(path.join(recDir, RECORDER_PLAYLIST), 'utf8');
      // ffmpeg marks the start of every run, the first one's too: the break is the second mark.
      expect(playlist.split('#EXT-X-DISCONTINUITY')).toHaveLength(3);
      const names = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      expect(new Set(names).size).toBe(names.length);
    },
    TIMEOUT_MS,
  );
});
