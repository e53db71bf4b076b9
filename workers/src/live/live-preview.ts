import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TFfmpegBinaries } from '../media/ffmpeg-binaries';
import { runProcess, summariseLog } from '../media/run-process';
import type { TLiveInput } from './live-input';

export const LIVE_PREVIEW_PLAYLIST = 'index.m3u8';
/** The only names a preview writes: the route serves nothing else from its folder. */
export const LIVE_PREVIEW_FILE = /^(index\.m3u8|segment-\d{1,9}\.ts)$/;

/**
 * ffmpeg's arguments for a preview: small and low-latency rather than faithful (it is looked at, never kept). A key
 * frame every second makes every 1 s segment start cleanly; the sliding window of six deletes older segments so a
 * preview left open for hours uses a few hundred kilobytes of disk.
 */
export function livePreviewArgs(input: TLiveInput, dir: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...input.inputOptions,
    '-fflags',
    'nobuffer',
    '-i',
    input.url,
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    '-vf',
    "scale=-2:'trunc(min(360,ih)/2)*2'",
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '800k',
    '-maxrate',
    '800k',
    '-bufsize',
    '1600k',
    '-force_key_frames',
    'expr:gte(t,n_forced*1)',
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+independent_segments',
    '-hls_segment_filename',
    path.join(dir, 'segment-%d.ts'),
    path.join(dir, LIVE_PREVIEW_PLAYLIST),
  ];
}

export interface TLivePreviewProcess {
  /** Resolves true once the playlist lists a segment (it plays), false when ffmpeg ended or `stop()` came first. */
  ready: Promise<boolean>;
  /** Resolves when ffmpeg is gone, with its last words when it ended on its own (the input fell silent). */
  done: Promise<{ stopped: boolean; reason: string | null }>;
  /** Kills ffmpeg; resolves once it is gone, so the source's socket is free again. */
  stop(): Promise<void>;
}

const READY_POLL_MS = 200;

/** Runs one preview ffmpeg writing its HLS into `dir` (created here; removing it is the caller's). */
export function startLivePreview(options: {
  binaries: Pick<TFfmpegBinaries, 'ffmpegPath'>;
  input: TLiveInput;
  dir: string;
}): TLivePreviewProcess {
  const kill = new AbortController();
  let finished = false;
  const done = (async () => {
    await mkdir(options.dir, { recursive: true });
    try {
      const exit = await runProcess(options.binaries.ffmpegPath, livePreviewArgs(options.input, options.dir), {
        signal: kill.signal,
      });
      return {
        stopped: false,
        reason: summariseLog(exit.log, [options.dir]) || `ffmpeg exited with code ${exit.code}`,
      };
    } catch (error) {
      if (kill.signal.aborted) return { stopped: true, reason: null };
      throw error;
    } finally {
      finished = true;
    }
  })();
  done.catch(() => undefined);

  const ready = (async () => {
    const playlist = path.join(options.dir, LIVE_PREVIEW_PLAYLIST);
    while (!finished && !kill.signal.aborted) {
      const text = await readFile(playlist, 'utf8').catch(() => '');
      if (/^segment-\d+\.ts$/m.test(text)) return true;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    return false;
  })();

  return {
    ready,
    done,
    async stop() {
      kill.abort(new Error('preview stopped'));
      await done.catch(() => undefined);
    },
  };
}
