import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TRenderPresetSettings } from '@mam/core';
import { highResListFile, parseSegmentList, RECORDER_HIGHRES_DIR, type TRecorderAnalysis } from './recorder-plan';
import type { TRecordedSegment } from './recorder';

/**
 * A recording's own record of its closed high-res segments, one JSON line each, kept beside them in its directory:
 * recorder runs (restarts, reconnections, switches) append to it, and the stop joins what it lists. Written as each
 * segment closes, so a killed server loses at most the segment that was open.
 */
const JOURNAL = 'segments.jsonl';

export async function journalSegment(dir: string, segment: TRecordedSegment): Promise<void> {
  await appendFile(path.join(dir, JOURNAL), `${JSON.stringify(segment)}\n`);
}

const runOf = (file: string) => Number(/run-(\d+)/.exec(file)?.[1] ?? 0);

/** The segments in recording order, each once (a line torn by a kill is skipped). */
export async function journalledSegments(dir: string): Promise<TRecordedSegment[]> {
  const text = await readFile(path.join(dir, JOURNAL), 'utf8').catch(() => '');
  const byFile = new Map<string, TRecordedSegment>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const segment = JSON.parse(line) as TRecordedSegment;
      if (typeof segment.file === 'string' && !byFile.has(segment.file)) byFile.set(segment.file, segment);
    } catch {
      // The last line of a journal whose writer was killed mid-write.
    }
  }
  return [...byFile.values()].sort((a, b) => a.run - b.run || a.file.localeCompare(b.file));
}

/**
 * Adds to the journal the segments the runs' own lists name but the journal lacks: those an ffmpeg closed after the
 * server that ran it was killed (it goes on until the next start ends it), placed by when the file was last written.
 * Nothing that reached the disk whole is lost.
 */
export async function reconcileJournal(dir: string): Promise<number> {
  const journalled = await journalledSegments(dir);
  const known = new Set(journalled.map((segment) => segment.file));
  // A run records one source: what its ffmpeg closed after the kill came from the source its journalled ones name.
  const sourceOfRun = new Map(journalled.map((segment) => [segment.run, segment.sourceId]));
  const lastRun = (await nextRecorderRun(dir)) - 1;
  let added = 0;
  for (let run = 1; run <= lastRun; run++) {
    const listed = parseSegmentList(await readFile(highResListFile(dir, run), 'utf8').catch(() => ''));
    for (const segment of listed) {
      const file = path.join(RECORDER_HIGHRES_DIR, segment.file);
      if (known.has(file)) continue;
      const written = await stat(path.join(dir, file)).catch(() => null);
      if (!written) continue;
      const durationSeconds = Math.max(0, segment.streamEnd - segment.streamStart);
      const wallStart = new Date(written.mtimeMs - durationSeconds * 1000).toISOString();
      const sourceId = sourceOfRun.get(run);
      await journalSegment(dir, { file, run, wallStart, durationSeconds, ...(sourceId ? { sourceId } : {}) });
      added += 1;
    }
  }
  return added;
}

const PID_FILE = 'recorder.pid';

/** Notes the recorder's ffmpeg, so the next run can end it if this server dies without stopping it. */
export async function noteRecorderPid(dir: string, pid: number): Promise<void> {
  await writeFile(path.join(dir, PID_FILE), String(pid));
}

/**
 * Ends an ffmpeg a killed server left recording into `dir` (it holds the source's port and writes on). Only a
 * process whose command line names this directory is touched: a pid may have been reused since.
 */
export async function endOrphanRecorder(dir: string): Promise<boolean> {
  const pid = Number(await readFile(path.join(dir, PID_FILE), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  await rm(path.join(dir, PID_FILE), { force: true });
  if (!cmdline.includes(dir)) return false;
  try {
    // Detached into a group of its own by runProcess.
    process.kill(-pid, 'SIGKILL');
  } catch {
    return false;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * How a recording's high res is coded: as the source sends it (stream copy, or the fixed transcode where MPEG-TS
 * cannot carry it), or with a render preset, whose settings are kept as they were when the recording began.
 */
export type TRecordingCoding =
  { highRes: 'source' } | { highRes: 'preset'; presetId: string; settings: TRenderPresetSettings };

const CODING_FILE = 'coding.json';

/** The coding the recording's first run chose; null before one has run. */
export async function recordingCoding(dir: string): Promise<TRecordingCoding | null> {
  const text = await readFile(path.join(dir, CODING_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as TRecordingCoding;
  } catch {
    return null;
  }
}

/**
 * Fixes the recording's coding at its first run; later runs (restarts, a switch to a source with another
 * pipeline, an edited preset) keep it, since the stop can only join segments of one coding without re-encoding.
 */
export async function keepRecordingCoding(dir: string, coding: TRecordingCoding): Promise<TRecordingCoding> {
  const kept = await recordingCoding(dir);
  if (kept) return kept;
  await writeFile(path.join(dir, CODING_FILE), JSON.stringify(coding));
  return coding;
}

/** The next recorder run's number: one past every run that left a segment list, so runs never share file names. */
export async function nextRecorderRun(dir: string): Promise<number> {
  const names = await readdir(path.join(dir, RECORDER_HIGHRES_DIR)).catch(() => [] as string[]);
  return Math.max(0, ...names.filter((name) => name.endsWith('.csv')).map(runOf)) + 1;
}

/** Lists the segments for the concat demuxer (`join.txt` in the recording's directory); its path. */
export async function writeJoinList(dir: string, segments: readonly TRecordedSegment[]): Promise<string> {
  const listFile = path.join(dir, 'join.txt');
  const quoted = (file: string) => `file '${path.join(dir, file).replace(/'/g, "'\\''")}'`;
  await writeFile(listFile, `${segments.map((s) => quoted(s.file)).join('\n')}\n`);
  return listFile;
}

/** MP4 takes these as they are; other codings stay in MPEG-TS, which carries whatever the segments carry. */
const MP4_VIDEO = new Set(['h264', 'hevc']);
const MP4_AUDIO = new Set(['aac']);

export interface TJoinPlan {
  extension: 'mp4' | 'ts';
  /** ffmpeg's arguments: the concat demuxer over the list file, stream copy into `output`. */
  args: string[];
}

/**
 * Joins the segments without re-encoding. The concat demuxer places each file after the one before it, so a break
 * between runs (restart, reconnection, switch) joins without a hole in the timeline.
 */
export async function planSegmentJoin(
  dir: string,
  segments: readonly TRecordedSegment[],
  codecs: { video: string | null; audio: string | null },
  outputBase: string,
  /** The start timecode the file carries (MP4: a timecode track). */
  timecode: string | null = null,
): Promise<TJoinPlan> {
  const listFile = await writeJoinList(dir, segments);
  const mp4 =
    codecs.video !== null && MP4_VIDEO.has(codecs.video) && (codecs.audio === null || MP4_AUDIO.has(codecs.audio));
  const extension = mp4 ? 'mp4' : 'ts';
  const args = ['-hide_banner', '-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', listFile];
  args.push('-map', '0:v?', '-map', '0:a?', '-c', 'copy');
  if (timecode) args.push('-timecode', timecode);
  if (mp4) args.push('-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-f', 'mp4');
  else args.push('-f', 'mpegts');
  args.push(outputBase);
  return { extension, args };
}

const LONG_ANALYSIS_MARK = 'long-analysis';

/** Notes that this recording's feed needs the long analysis window (a short one saw no keyframe). */
export async function markLongAnalysis(dir: string): Promise<void> {
  await writeFile(path.join(dir, LONG_ANALYSIS_MARK), '');
}

export async function recorderAnalysis(dir: string): Promise<TRecorderAnalysis> {
  return (await stat(path.join(dir, LONG_ANALYSIS_MARK)).catch(() => null)) ? 'long' : 'short';
}
