import { Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import type { TFfmpegBinaries } from './ffmpeg-binaries';
import type { ChildProcess } from 'node:child_process';
import { isProgressLine } from './ffmpeg-progress';
import { abortReason, createLogSink, lowerPriority, summariseLog, type ProcessExit } from './run-process';
import type { FfprobeOutput, FfprobeStream } from './ffprobe-output';

export interface FluentParts {
  inputs: Array<{ options: string[]; source: string }>;
  output: { options: string[]; target: string };
}

/**
 * Splits a planned ffmpeg argument list into fluent-ffmpeg's inputs (options, then `-i source`) and one output
 * (options, then the target) so that fluent-ffmpeg spawns the arguments in the same order. Options before the first
 * input (the global ones) ride with it; ffmpeg reads them positionally either way.
 */
export function fluentParts(args: readonly string[]): FluentParts {
  const inputs: FluentParts['inputs'] = [];
  let options: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '-i' && index + 1 < args.length) {
      inputs.push({ options, source: args[index + 1]! });
      options = [];
      index += 1;
    } else {
      options.push(args[index]!);
    }
  }
  const target = options.pop();
  if (inputs.length === 0 || target === undefined) throw new Error('An ffmpeg command needs an input and an output');
  return { inputs, output: { options, target } };
}

// fluent-ffmpeg splits a lone option at its space ("-ss 10"); planned arguments are already split.
function checkedOptions(options: string[]): string[] {
  if (options.length === 1 && options[0]!.includes(' ')) throw new Error(`Unsplit ffmpeg option: ${options[0]}`);
  return options;
}

export interface FluentRunOptions {
  signal?: AbortSignal;
  onStdout?: (chunk: Buffer) => void;
  onProgressLine?: (line: string) => void;
  /** Every other stderr line, for filters that report on it (astats); the exit keeps only the last few. */
  onLogLine?: (line: string) => void;
}

/**
 * Runs a planned ffmpeg command through fluent-ffmpeg and resolves with its exit, whatever the code, like
 * runProcess: the caller decides whether the media or the machine failed. Progress comes from ffmpeg's own
 * `-progress` lines on stderr rather than fluent-ffmpeg's 'progress' event, which would run an extra ffprobe per
 * command. On abort the child is killed and the promise rejects once it is gone.
 */
export function runFluentFfmpeg(
  binaries: TFfmpegBinaries,
  args: readonly string[],
  options: FluentRunOptions = {},
): Promise<ProcessExit> {
  const { signal } = options;
  return new Promise<ProcessExit>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const parts = fluentParts(args);
    const command = ffmpeg().setFfmpegPath(binaries.ffmpegPath).setFfprobePath(binaries.ffprobePath);
    for (const input of parts.inputs) {
      command.input(input.source);
      if (input.options.length) command.inputOptions(...checkedOptions(input.options));
    }
    const pipesStdout = options.onStdout && /^(pipe:1|-)$/.test(parts.output.target);
    // emitClose off: fluent-ffmpeg treats a closing output stream as a failed run.
    const stdoutSink = pipesStdout
      ? new Writable({
          emitClose: false,
          write(chunk: Buffer, _encoding, done) {
            options.onStdout!(chunk);
            done();
          },
        })
      : null;
    command.output(stdoutSink ?? parts.output.target);
    if (parts.output.options.length) command.outputOptions(...checkedOptions(parts.output.options));

    const { log, onLine } = createLogSink(options.onProgressLine);
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      command.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // An abort while fluent-ffmpeg still checks capabilities finds no process to kill: kill it as it starts.
    command.on('start', () => {
      if (aborted) command.kill('SIGKILL');
      else lowerPriority((command as unknown as { ffmpegProc?: ChildProcess }).ffmpegProc?.pid);
    });
    command.on('stderr', (line: string) => {
      onLine(line);
      if (options.onLogLine && line && !isProgressLine(line)) options.onLogLine(line);
    });
    const finish = (exit: { code: number | null; signal: NodeJS.Signals | null } | Error) => {
      signal?.removeEventListener('abort', onAbort);
      if (aborted && signal) reject(abortReason(signal));
      else if (exit instanceof Error) reject(exit);
      else resolve({ ...exit, stdout: '', log });
    };
    command.on('end', () => finish({ code: 0, signal: null }));
    command.on('error', (error: Error) => {
      const code = /ffmpeg exited with code (\d+)/.exec(error.message);
      const killed = /ffmpeg was killed with signal (\w+)/.exec(error.message);
      if (code) finish({ code: Number(code[1]), signal: null });
      else if (killed) finish({ code: null, signal: killed[1] as NodeJS.Signals });
      else finish(error);
    });
    command.run();
  });
}

type FluentStream = ffmpeg.FfprobeStream & { rotation?: string | number };

function text(value: unknown): string | undefined {
  if (value === undefined || value === null || value === 'N/A' || value === '') return undefined;
  return String(value);
}

function count(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : Number(value);
  return value === undefined || value === 'N/A' || !Number.isFinite(number) ? undefined : number;
}

/** fluent-ffmpeg's reading of ffprobe's default output, in the shape of ffprobe's JSON that this package reads. */
export function fromFluentProbe(data: ffmpeg.FfprobeData): FfprobeOutput {
  const streams = data.streams.map((raw): FfprobeStream => {
    const stream = raw as FluentStream;
    // Side data (the display matrix) is flattened into the stream by fluent-ffmpeg's parser.
    const rotation = count(stream.rotation);
    return {
      index: count(stream.index),
      codec_type: text(stream.codec_type),
      codec_name: text(stream.codec_name),
      profile: text(stream.profile),
      width: count(stream.width),
      height: count(stream.height),
      sample_aspect_ratio: text(stream.sample_aspect_ratio),
      r_frame_rate: text(stream.r_frame_rate),
      avg_frame_rate: text(stream.avg_frame_rate),
      pix_fmt: text(stream.pix_fmt),
      field_order: text(stream.field_order),
      color_space: text(stream.color_space),
      color_primaries: text(stream.color_primaries),
      color_transfer: text(stream.color_transfer),
      color_range: text(stream.color_range),
      bits_per_raw_sample: text(stream.bits_per_raw_sample),
      bits_per_sample: count(stream.bits_per_sample),
      bit_rate: text(stream.bit_rate),
      nb_frames: text(stream.nb_frames),
      duration: text(stream.duration),
      channels: count(stream.channels),
      sample_rate: text(stream.sample_rate),
      channel_layout: text(stream.channel_layout),
      disposition: stream.disposition
        ? {
            attached_pic: count(stream.disposition.attached_pic),
            still_image: count(stream.disposition['still_image']),
          }
        : undefined,
      tags: stream.tags as Record<string, string> | undefined,
      side_data_list: rotation === undefined ? undefined : [{ side_data_type: 'Display Matrix', rotation }],
    };
  });
  const format = data.format;
  return {
    streams,
    format: {
      format_name: text(format.format_name),
      duration: text(format.duration),
      bit_rate: text(format.bit_rate),
      probe_score: count(format.probe_score),
      tags: format.tags as Record<string, string> | undefined,
    },
  };
}

export type FfprobeRun = { ok: true; output: FfprobeOutput } | { ok: false; reason: string };

/**
 * ffprobe through fluent-ffmpeg; a file ffprobe cannot read gives its reason, not an exception. An ffprobe stopped by
 * a signal (a shutdown, the OOM killer) says nothing about the file: that rejects, so the probe runs again.
 */
export function fluentFfprobe(
  binaries: TFfmpegBinaries,
  source: string,
  paths: readonly string[],
): Promise<FfprobeRun> {
  return new Promise((resolve, reject) => {
    ffmpeg(source)
      .setFfprobePath(binaries.ffprobePath)
      .ffprobe(['-v', 'error'], (error: Error | null, data: ffmpeg.FfprobeData) => {
        const killed = error ? /^ffprobe was killed with signal (\w+)/.exec(error.message) : null;
        if (killed) {
          reject(new Error(`ffprobe was stopped by ${killed[1]}`));
        } else if (error) {
          const [first = '', ...log] = error.message.split(/\r?\n/);
          const code = /exited with code (\d+)/.exec(first);
          const reason =
            summariseLog(log, paths) || (code ? `ffprobe exited with code ${code[1]}` : first || 'ffprobe failed');
          resolve({ ok: false, reason });
        } else if (!data.streams.length && !data.format.format_name) {
          resolve({ ok: false, reason: 'ffprobe wrote no readable description' });
        } else {
          resolve({ ok: true, output: fromFluentProbe(data) });
        }
      });
  });
}
