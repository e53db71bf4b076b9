import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TFfmpegBinaries } from '../media/ffmpeg-binaries';
import { runProcess, summariseLog, type ProcessExit } from '../media/run-process';
import {
  canStreamCopy,
  highResListFile,
  isUnsizedInput,
  parseSegmentList,
  planRecorderArgs,
  RECORDER_HIGHRES_DIR,
  RECORDER_HLS_DIR,
  RECORDER_TRANSCODE_ARGS,
  type TLiveInputCodecs,
  type TRecorderAnalysis,
} from './recorder-plan';
import type { TLiveInput } from './live-input';

/** A closed high-res segment, placed in wall-clock time. */
export interface TRecordedSegment {
  /** Relative to the recording's directory. */
  file: string;
  run: number;
  /** ISO time the segment's first frame arrived. */
  wallStart: string;
  durationSeconds: number;
  /** The live source it was recorded from (absent in journals written before sources were noted). */
  sourceId?: string;
}

/** A break in the recording: the source dropped out, the server restarted, or the source was switched. */
export interface TRecordingGap {
  /** ISO time of the last frame before the break. */
  from: string;
  seconds: number;
  /** The segment after the break. */
  beforeSegment: string;
  /** The source recorded after the break when it was a switch to another source; null otherwise. */
  switchedTo: string | null;
}

export interface TRecorderOptions {
  binaries: TFfmpegBinaries;
  input: TLiveInput;
  dir: string;
  run: number;
  segmentSeconds: number;
  highRes: 'copy' | readonly string[];
  proxyHeight?: number;
  analysis?: TRecorderAnalysis;
  onSegment?: (segment: TRecordedSegment) => void;
  /** Kills ffmpeg at once (cancellation); a stop that keeps the last segment whole is `stop()`. */
  signal?: AbortSignal;
  clock?: () => Date;
  /** ffmpeg's pid once it runs. */
  onSpawn?: (pid: number) => void;
}

export interface TRecorderExit {
  segments: TRecordedSegment[];
  /** True when `stop()` ended it; false when the input ended or failed. */
  stopped: boolean;
  /** ffmpeg's own words when it ended on its own. */
  reason: string | null;
  /** It ended before recording anything because its analysis saw no keyframe (a feed with long GOPs). */
  unsized: boolean;
}

export interface TRecorder {
  /** Asks ffmpeg to finish (`q`): it closes the open segment and the playlist, then exits. */
  stop(): Promise<TRecorderExit>;
  done: Promise<TRecorderExit>;
}

const LIST_POLL_MS = 250;
// ffmpeg that ignores `q` (an input read blocking on a silent source) is interrupted, then killed.
const STOP_GRACE_MS = 5000;

/** A short look at a live input's codecs (the recorder keeps them when it can). */
export async function probeRecorderCodecs(binaries: TFfmpegBinaries, input: TLiveInput): Promise<TLiveInputCodecs> {
  // A second of the feed names its codecs; every second spent here is a second later to the first segment.
  const args = ['-v', 'error', ...input.inputOptions, '-analyzeduration', '1000000', '-probesize', '2000000'];
  args.push('-show_entries', 'stream=codec_type,codec_name', '-of', 'json', input.url);
  const exit = await runProcess(binaries.ffprobePath, args, { collectStdout: true });
  if (exit.code !== 0) throw new Error(`The live input could not be read: ${summariseLog(exit.log) || exit.code}`);
  const parsed = JSON.parse(exit.stdout || '{}') as { streams?: Array<{ codec_type?: string; codec_name?: string }> };
  const streams = parsed.streams ?? [];
  return {
    video: streams.find((s) => s.codec_type === 'video')?.codec_name ?? null,
    audio: streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
  };
}

/** A recorded segment's frame rate, and the source's own timecode when it carries one. */
export async function probeSegmentTiming(
  binaries: TFfmpegBinaries,
  file: string,
): Promise<{ framesPerSecond: number; frameRate: string; timecode: string | null }> {
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate:stream_tags=timecode'];
  const exit = await runProcess(binaries.ffprobePath, [...args, '-of', 'json', file], { collectStdout: true });
  const parsed = JSON.parse(exit.stdout || '{}') as {
    streams?: Array<{ r_frame_rate?: string; tags?: { timecode?: string } }>;
  };
  const stream = parsed.streams?.[0];
  const [num, den] = (stream?.r_frame_rate ?? '25/1').split('/').map(Number);
  const rate = num && den ? num / den : 25;
  const known = rate > 0 && rate < 1000;
  return {
    framesPerSecond: known ? rate : 25,
    frameRate: known ? `${num}/${den}` : '25/1',
    timecode: stream?.tags?.timecode ?? null,
  };
}

/** The high-res coding for these codecs: stream copy when they suit, the transcode arguments otherwise. */
export function highResFor(codecs: TLiveInputCodecs): 'copy' | readonly string[] {
  return canStreamCopy(codecs) ? 'copy' : RECORDER_TRANSCODE_ARGS;
}

/**
 * Runs one ffmpeg over the live input until it is stopped or the input ends. Each high-res segment is reported
 * once closed, with the wall-clock time of its start (its close time less its length, so a segment is placed by
 * when its frames arrived, not by when ffmpeg got round to listing it).
 */
export function startRecorder(options: TRecorderOptions): TRecorder {
  const clock = options.clock ?? (() => new Date());
  const segments: TRecordedSegment[] = [];
  const listFile = highResListFile(options.dir, options.run);
  let stdin: NodeJS.WritableStream | null = null;
  let stopRequested = false;
  let polling = Promise.resolve();
  const kill = new AbortController();
  options.signal?.addEventListener('abort', () => kill.abort(options.signal?.reason), { once: true });

  const collect = async () => {
    const text = await readFile(listFile, 'utf8').catch(() => '');
    for (const listed of parseSegmentList(text).slice(segments.length)) {
      const durationSeconds = Math.max(0, listed.streamEnd - listed.streamStart);
      const segment: TRecordedSegment = {
        file: path.join(RECORDER_HIGHRES_DIR, listed.file),
        run: options.run,
        wallStart: new Date(clock().getTime() - durationSeconds * 1000).toISOString(),
        durationSeconds,
      };
      segments.push(segment);
      options.onSegment?.(segment);
    }
  };

  const done = (async (): Promise<TRecorderExit> => {
    await mkdir(path.join(options.dir, RECORDER_HIGHRES_DIR), { recursive: true });
    await mkdir(path.join(options.dir, RECORDER_HLS_DIR), { recursive: true });
    const args = planRecorderArgs({
      input: options.input,
      dir: options.dir,
      run: options.run,
      segmentSeconds: options.segmentSeconds,
      highRes: options.highRes,
      proxyHeight: options.proxyHeight ?? 360,
      ...(options.analysis ? { analysis: options.analysis } : {}),
    });
    const timer = setInterval(() => {
      polling = polling.then(collect);
    }, LIST_POLL_MS);
    let exit: ProcessExit | null = null;
    try {
      exit = await runProcess(options.binaries.ffmpegPath, args, {
        signal: kill.signal,
        onStdin: (stream) => {
          stdin = stream;
        },
        onSpawn: options.onSpawn,
      });
    } catch (error) {
      // Killed after ignoring the stop: what it closed before stays recorded.
      if (!stopRequested || options.signal?.aborted) throw error;
    } finally {
      clearInterval(timer);
      await polling;
    }
    await collect();
    return {
      segments,
      stopped: stopRequested,
      reason: stopRequested || !exit ? null : summariseLog(exit.log) || `ffmpeg exited with code ${exit.code}`,
      unsized: !stopRequested && !!exit && segments.length === 0 && isUnsizedInput(exit.log.join('\n')),
    };
  })();

  return {
    done,
    async stop() {
      stopRequested = true;
      (stdin as NodeJS.WritableStream | null)?.write('q');
      const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_GRACE_MS).unref());
      if ((await Promise.race([done, timeout])) === 'late') kill.abort(new Error('ffmpeg ignored the stop'));
      return done;
    },
  };
}

/**
 * The breaks between consecutive segments longer than `toleranceSeconds`, as wall-clock gaps. A change of source is
 * always a break (the picture jumps, however short the pause), and so is a new run that began later than the last
 * one ended.
 */
export function findGaps(segments: readonly TRecordedSegment[], toleranceSeconds: number): TRecordingGap[] {
  const gaps: TRecordingGap[] = [];
  for (let i = 1; i < segments.length; i++) {
    const before = segments[i - 1]!;
    const after = segments[i]!;
    const end = Date.parse(before.wallStart) + before.durationSeconds * 1000;
    const seconds = (Date.parse(after.wallStart) - end) / 1000;
    const breaksRun = after.run !== before.run;
    const switched = Boolean(before.sourceId && after.sourceId && before.sourceId !== after.sourceId);
    if (seconds > toleranceSeconds || (breaksRun && seconds > 0) || switched) {
      gaps.push({
        from: new Date(end).toISOString(),
        seconds: Math.max(0, seconds),
        beforeSegment: after.file,
        switchedTo: switched ? after.sourceId! : null,
      });
    }
  }
  return gaps;
}
