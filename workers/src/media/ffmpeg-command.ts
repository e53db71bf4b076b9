import path from 'node:path';
import { resolveFfmpeg, type TFfmpegBinaries } from './ffmpeg-binaries';
import { createProgressReporter, progressPercent, progressSeconds } from './ffmpeg-progress';
import { runFluentFfmpeg } from './fluent-ffmpeg-run';
import { ffmpegFailure } from './run-process';
import type { TFfmpegCommand } from './media-task.types';

/** ffmpeg reads `file:` URLs as plain files, whatever the name looks like (a name with a colon is not a protocol). */
export function fileUrl(file: string): string {
  return `file:${path.resolve(file)}`;
}

/** Every transcode starts this way: quiet except for errors, progress blocks on stderr, overwrite reruns. */
export const FFMPEG_PREFIX = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:2'];

export interface RunFfmpegOptions {
  binaries?: TFfmpegBinaries;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  onStdout?: (chunk: Buffer) => void;
  /** The caller reports 100 itself when more work follows the run. */
  reportDone?: boolean;
}

/** Runs one planned command through fluent-ffmpeg; a failed run becomes MediaError (the media) or Error (the machine). */
export async function runFfmpeg(command: TFfmpegCommand, options: RunFfmpegOptions = {}): Promise<void> {
  const binaries = options.binaries ?? (await resolveFfmpeg());
  const reporter = options.onProgress ? createProgressReporter({ onProgress: options.onProgress }) : null;
  const expected = command.expectedSeconds;
  const exit = await runFluentFfmpeg(binaries, command.args, {
    signal: options.signal,
    onStdout: command.pipesStdout ? (options.onStdout ?? (() => undefined)) : undefined,
    onProgressLine:
      reporter && expected
        ? (line) => {
            const seconds = progressSeconds(line);
            if (seconds !== null) reporter.report(progressPercent(seconds, expected));
          }
        : undefined,
  });
  if (exit.code !== 0) throw ffmpegFailure(exit, command.paths);
  if (options.reportDone !== false) reporter?.done();
}
