import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RECORDER_HIGHRES_DIR } from './recorder-plan';
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

/** The next recorder run's number: one past every run that left a segment list, so runs never share file names. */
export async function nextRecorderRun(dir: string): Promise<number> {
  const names = await readdir(path.join(dir, RECORDER_HIGHRES_DIR)).catch(() => [] as string[]);
  return Math.max(0, ...names.filter((name) => name.endsWith('.csv')).map(runOf)) + 1;
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
): Promise<TJoinPlan> {
  const listFile = path.join(dir, 'join.txt');
  const quoted = (file: string) => `file '${path.join(dir, file).replace(/'/g, "'\\''")}'`;
  await writeFile(listFile, `${segments.map((s) => quoted(s.file)).join('\n')}\n`);
  const mp4 =
    codecs.video !== null && MP4_VIDEO.has(codecs.video) && (codecs.audio === null || MP4_AUDIO.has(codecs.audio));
  const extension = mp4 ? 'mp4' : 'ts';
  const args = ['-hide_banner', '-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', listFile];
  args.push('-map', '0:v?', '-map', '0:a?', '-c', 'copy');
  if (mp4) args.push('-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-f', 'mp4');
  else args.push('-f', 'mpegts');
  args.push(outputBase);
  return { extension, args };
}
