import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  endOrphanRecorder,
  journalledSegments,
  journalSegment,
  nextRecorderRun,
  planSegmentJoin,
  reconcileJournal,
} from './recording-journal';
import { planPresetJoin } from './recorder-preset';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-journal-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const segment = (run: number, index: number) => ({
  file: `highres/run-${String(run).padStart(3, '0')}-${String(index).padStart(5, '0')}.ts`,
  run,
  wallStart: new Date(Date.UTC(2026, 10, 28, 10, 0, run * 60 + index * 2)).toISOString(),
  durationSeconds: 2,
});

describe('the recording journal', () => {
  it('lists segments in recording order, each once, skipping a line torn by a kill', async () => {
    await journalSegment(dir, segment(2, 0));
    await journalSegment(dir, segment(1, 1));
    await journalSegment(dir, segment(1, 0));
    await journalSegment(dir, segment(1, 0));
    await appendFile(path.join(dir, 'segments.jsonl'), '{"file":"highres/run-002-000');
    expect((await journalledSegments(dir)).map((s) => s.file)).toEqual([
      'highres/run-001-00000.ts',
      'highres/run-001-00001.ts',
      'highres/run-002-00000.ts',
    ]);
  });

  it('is empty for a recording that never got a segment', async () => {
    expect(await journalledSegments(dir)).toEqual([]);
  });

  it('numbers the next run after every run that left a segment list', async () => {
    expect(await nextRecorderRun(dir)).toBe(1);
    await mkdir(path.join(dir, 'highres'));
    await writeFile(path.join(dir, 'highres', 'run-001.csv'), '');
    await writeFile(path.join(dir, 'highres', 'run-003.csv'), '');
    await writeFile(path.join(dir, 'highres', 'run-003-00000.ts'), '');
    expect(await nextRecorderRun(dir)).toBe(4);
  });
});

describe('after a killed server', () => {
  it('journals the segments its ffmpeg closed after the kill, from the run’s own list', async () => {
    await mkdir(path.join(dir, 'highres'));
    await journalSegment(dir, segment(1, 0));
    await writeFile(path.join(dir, 'highres', 'run-001.csv'), 'run-001-00000.ts,0,2\nrun-001-00001.ts,2,4.04\n');
    await writeFile(path.join(dir, 'highres', 'run-001-00000.ts'), 'x');
    await writeFile(path.join(dir, 'highres', 'run-001-00001.ts'), 'x');
    expect(await reconcileJournal(dir)).toBe(1);
    expect(await reconcileJournal(dir)).toBe(0);
    const [, added] = await journalledSegments(dir);
    expect(added).toMatchObject({ file: 'highres/run-001-00001.ts', run: 1 });
    expect(added!.durationSeconds).toBeCloseTo(2.04);
  });

  it('leaves alone a process that is not this recording’s recorder', async () => {
    await writeFile(path.join(dir, 'recorder.pid'), String(process.pid));
    expect(await endOrphanRecorder(dir)).toBe(false);
    expect(await endOrphanRecorder(dir)).toBe(false);
  });
});

describe('planSegmentJoin', () => {
  it('stream-copies H.264/AAC into MP4 and lists the segments for the concat demuxer', async () => {
    const plan = await planSegmentJoin(dir, [segment(1, 0), segment(2, 0)], { video: 'h264', audio: 'aac' }, '/out');
    expect(plan.extension).toBe('mp4');
    expect(plan.args).toEqual(expect.arrayContaining(['-f', 'concat', '-c', 'copy', '-bsf:a', 'aac_adtstoasc']));
    expect(plan.args).not.toContain('libx264');
    expect(plan.args.at(-1)).toBe('/out');
    const list = await readFile(path.join(dir, 'join.txt'), 'utf8');
    expect(list.trim().split('\n')).toEqual([
      `file '${path.join(dir, 'highres/run-001-00000.ts')}'`,
      `file '${path.join(dir, 'highres/run-002-00000.ts')}'`,
    ]);
  });

  it('keeps codings MP4 does not take in MPEG-TS', async () => {
    const plan = await planSegmentJoin(dir, [segment(1, 0)], { video: 'mpeg2video', audio: 'mp2' }, '/out');
    expect(plan.extension).toBe('ts');
    expect(plan.args).toEqual(expect.arrayContaining(['-c', 'copy', '-f', 'mpegts']));
  });
});

describe('planPresetJoin', () => {
  const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

  it('copies the video into the broadcast preset’s MXF and decodes 302M into its mono PCM tracks', async () => {
    const plan = await planPresetJoin(dir, [segment(1, 0)], '/out', {
      settings: { mode: 'broadcast', format: '1080i50', audioTracks: 10 },
      timecode: '10:00:00:00',
      audio: true,
      frameRate: '25/1',
    });
    expect(plan.extension).toBe('mxf');
    expect(plan.args).toEqual(expect.arrayContaining(['-map', '0:v:0', '-c:v', 'copy', '-f', 'mxf']));
    expect(after(plan.args, '-r')).toBe('25');
    expect(after(plan.args, '-c:a')).toBe('pcm_s24le');
    expect(after(plan.args, '-timecode')).toBe('10:00:00:00');
    const filter = after(plan.args, '-filter_complex')!;
    expect(filter).toContain('[0:a:0]apad,asplit=10');
    // 302M carried the first 8 channels; the preset's last two tracks are silence.
    expect(filter).toContain('[s7]pan=mono|c0=c7[t7]');
    expect(filter).toContain('[s9]pan=mono|c0=0*c0[t9]');
    expect(plan.args.filter((a) => /^\[t\d+\]$/.test(a))).toHaveLength(10);
    expect(plan.args).toContain('-shortest');
    expect(plan.args.at(-1)).toBe('/out');
  });

  it('copies AAC into a generic preset’s MP4, and keeps a silent recording silent', async () => {
    const generic = { mode: 'generic', height: null, crf: 23, speed: 'veryfast', audioBitrateKbps: 192 } as const;
    const plan = await planPresetJoin(dir, [segment(1, 0)], '/out', {
      settings: generic,
      timecode: null,
      audio: true,
      frameRate: '25/1',
    });
    expect(plan.extension).toBe('mp4');
    expect(plan.args).toEqual(expect.arrayContaining(['-c:a', 'copy', '-bsf:a', 'aac_adtstoasc', '-f', 'mp4']));
    expect(plan.args).not.toContain('-filter_complex');
    expect(plan.args).not.toContain('-timecode');
    const silent = await planPresetJoin(dir, [segment(1, 0)], '/out', {
      settings: generic,
      timecode: null,
      audio: false,
      frameRate: '25/1',
    });
    expect(silent.args).not.toContain('0:a:0');
  });

  it('writes an advanced preset’s PCM as one stream at its rate, outside MXF', async () => {
    const plan = await planPresetJoin(dir, [segment(1, 0)], '/out', {
      settings: {
        mode: 'advanced',
        container: 'mov',
        videoCodec: 'h264',
        audioCodec: 'pcm_s16le',
        parameters: { audioChannels: 3, audioSampleRate: '44100' },
      },
      timecode: null,
      audio: true,
      frameRate: '30000/1001',
    });
    expect(plan.extension).toBe('mov');
    expect(after(plan.args, '-filter_complex')).toBe('[0:a:0]apad,pan=3c|c0=c0|c1=c1|c2=c2,aresample=44100[t0]');
    expect(after(plan.args, '-c:a')).toBe('pcm_s16le');
    expect(plan.args).not.toContain('-r');
  });
});
