import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { consoleMediaLogger, type MediaLogger } from './media-error';

export interface TFfmpegBinaries {
  ffmpegPath: string;
  ffprobePath: string;
  /** 'system': found on this machine; 'bundled': the @ffmpeg-installer / @ffprobe-installer static builds. */
  source: 'system' | 'bundled';
  /** First line of `ffmpeg -version`. */
  version: string;
}

export interface FindFfmpegOptions {
  /** Directories searched for ffmpeg and ffprobe, in order. Defaults to PATH, then /usr/bin and /usr/local/bin. */
  searchDirs?: string[];
  logger?: MediaLogger;
}

function defaultSearchDirs(): string[] {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...new Set([...fromPath, '/usr/bin', '/usr/local/bin'])];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs `<binary> -version`; a binary that cannot start (wrong architecture, missing libraries) does not count. */
function versionOf(binary: string): string | null {
  const result = spawnSync(binary, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0 || typeof result.stdout !== 'string') return null;
  return result.stdout.split('\n')[0]?.trim() || null;
}

function findSystem(dirs: string[]): TFfmpegBinaries | null {
  // Both from the same directory, so ffprobe and ffmpeg agree on what they can read.
  for (const dir of dirs) {
    const ffmpegPath = path.join(dir, 'ffmpeg');
    const ffprobePath = path.join(dir, 'ffprobe');
    if (!isExecutable(ffmpegPath) || !isExecutable(ffprobePath)) continue;
    const version = versionOf(ffmpegPath);
    if (version && versionOf(ffprobePath)) return { ffmpegPath, ffprobePath, source: 'system', version };
  }
  return null;
}

async function findBundled(): Promise<TFfmpegBinaries> {
  // Loaded only when needed: the installers throw on platforms they have no build for.
  const [ffmpeg, ffprobe] = await Promise.all([
    import('@ffmpeg-installer/ffmpeg'),
    import('@ffprobe-installer/ffprobe'),
  ]);
  const ffmpegPath = (ffmpeg.default ?? ffmpeg).path;
  const ffprobePath = (ffprobe.default ?? ffprobe).path;
  const version = versionOf(ffmpegPath);
  if (!version || !versionOf(ffprobePath)) throw new Error(`The bundled ffmpeg at ${ffmpegPath} does not run`);
  return { ffmpegPath, ffprobePath, source: 'bundled', version };
}

/**
 * Looks the binaries up without caching. The system build is preferred: distributions keep it patched and it has
 * the codecs the operator installed; the static npm builds are years old and only a fallback.
 */
export async function findFfmpeg(options: FindFfmpegOptions = {}): Promise<TFfmpegBinaries> {
  const system = findSystem(options.searchDirs ?? defaultSearchDirs());
  if (system) return system;
  const bundled = await findBundled();
  (options.logger ?? consoleMediaLogger).warn(
    { ffmpegPath: bundled.ffmpegPath, ffprobePath: bundled.ffprobePath, version: bundled.version },
    'No system ffmpeg/ffprobe found; using the bundled static build. Install ffmpeg for current codecs and fixes.',
  );
  return bundled;
}

let cached: Promise<TFfmpegBinaries> | null = null;

/** The ffmpeg and ffprobe every media function uses; looked up once per process. */
export function resolveFfmpeg(logger?: MediaLogger): Promise<TFfmpegBinaries> {
  if (!cached) {
    cached = findFfmpeg({ logger });
    // A failed lookup is not cached, so installing ffmpeg fixes a running worker.
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}
