import { Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import type { TFfmpegBinaries } from './ffmpeg-binaries';
import type { ChildProcess } from 'node:child_process';
import { isProgressLine } from './ffmpeg-progress';
import { abortReason, createLogSink, lowerPriority, type ProcessExit } from './run-process';

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
