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
