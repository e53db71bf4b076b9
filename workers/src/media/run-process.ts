import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { isProgressLine } from './ffmpeg-progress';
import { MediaError } from './media-error';

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Receives stdout as it arrives; without it stdout is discarded unless `collectStdout` is set. */
  onStdout?: (chunk: Buffer) => void;
  /** Keeps stdout as text (ffprobe's JSON, a few kilobytes). */
  collectStdout?: boolean;
  /** Every ffmpeg `-progress` line written to stderr. */
  onProgressLine?: (line: string) => void;
  /** Gets the child's stdin (then piped, not ignored): a live recording stops with `q` so its last segment is whole. */
  onStdin?: (stdin: NodeJS.WritableStream) => void;
  /** The child's pid as soon as it runs (a recorder notes it, to end an orphan of a killed server). */
  onSpawn?: (pid: number) => void;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The last log lines on stderr (progress lines excluded), for error messages. */
  log: string[];
}

const LOG_LINES_KEPT = 40;

/**
 * Sorts a tool's stderr lines: ffmpeg's `-progress` lines go to the progress callback, the last others are kept
 * for error messages.
 */
export function createLogSink(onProgressLine?: (line: string) => void) {
  const log: string[] = [];
  const onLine = (line: string) => {
    if (!line) return;
    if (onProgressLine && isProgressLine(line)) {
      onProgressLine(line);
      return;
    }
    log.push(line);
    if (log.length > LOG_LINES_KEPT) log.shift();
  };
  return { log, onLine };
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/**
 * Media tools run below the server's CPU priority: a transcode may take longer, but health checks, searches and
 * uploads answer promptly while one runs.
 */
export const MEDIA_NICENESS = 10;

/** Lowers a media child's CPU priority; a platform that refuses (no permission, gone already) runs it as it is. */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, MEDIA_NICENESS);
  } catch {
    // Best effort: the priority is a courtesy to the API, not a condition of the work.
  }
}

// Children in a process group of their own do not die with ours: killed when this process exits, however it exits.
const detachedChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

/** How many ffmpeg processes this process runs right now (the operators' ffmpeg-jobs metric reads it). */
export function runningFfmpegJobs(): number {
  let running = 0;
  for (const child of detachedChildren) if (/^ffmpeg(\.exe)?$/.test(path.basename(child.spawnfile))) running++;
  return running;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function trackDetached(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const running of detachedChildren) killGroup(running, 'SIGKILL');
    });
  }
  detachedChildren.add(child);
  child.once('exit', () => detachedChildren.delete(child));
}

/** Whether a tool stopped because something signalled it, not because of its input: worth running again. */
export function wasInterrupted(exit: Pick<ProcessExit, 'code' | 'signal'>): boolean {
  // ffmpeg catches SIGINT and SIGTERM, stops where it is and exits with 255 (logged only at info level).
  return exit.signal !== null || exit.code === 255;
}

/**
 * Spawns a tool and resolves when it exits, whatever its exit code. On abort the child is killed (SIGKILL: a
 * cancelled transcode's output is thrown away, so ffmpeg need not finish its files) and the promise rejects with the
 * signal's reason only after the child is gone, so no process outlives its activity.
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}) {
  const { signal } = options;
  return new Promise<ProcessExit>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const wantsStdout = Boolean(options.onStdout || options.collectStdout);
    // Detached into its own process group: a SIGTERM sent to the server's group (systemd, a terminal's Ctrl-C) is
    // the server's to handle; the child is stopped through `signal` or when this process exits.
    const stdin = options.onStdin ? 'pipe' : 'ignore';
    const child = spawn(command, args, { stdio: [stdin, wantsStdout ? 'pipe' : 'ignore', 'pipe'], detached: true });
    trackDetached(child);
    if (options.onStdin && child.stdin) {
      // A child that exits before reading its stdin must not crash the server with EPIPE.
      child.stdin.on('error', () => undefined);
      options.onStdin(child.stdin);
    }
    lowerPriority(child.pid);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    const stdout: Buffer[] = [];
    const { log, onLine } = createLogSink(options.onProgressLine);
    let pending = '';
    let aborted = false;
    let spawnError: Error | null = null;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      const lines = (pending + text).split(/\r?\n|\r/);
      pending = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout.push(chunk);
    });

    const onAbort = () => {
      aborted = true;
      killGroup(child, 'SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, exitSignal) => {
      signal?.removeEventListener('abort', onAbort);
      onLine(pending);
      if (aborted && signal) reject(abortReason(signal));
      else if (spawnError) reject(spawnError);
      else resolve({ code, signal: exitSignal, stdout: Buffer.concat(stdout).toString('utf8'), log });
    });
  });
}

// Problems of this machine, not of the media: the activity should fail in a retryable way.
const ENVIRONMENT_FAILURE =
  /No space left on device|Cannot allocate memory|Permission denied|Read-only file system|Too many open files|Disk quota exceeded|Resource temporarily unavailable/i;

/** One log line without ffmpeg's `[demuxer @ 0x…]` tag and the file name it prefixes. */
export function cleanLogLine(line: string, paths: readonly string[] = []): string {
  let text = line.replace(/^(\[[^\]]*@ 0x[0-9a-f]+\]\s*)+/i, '').trim();
  for (const file of paths) {
    if (text.startsWith(`${file}: `)) text = text.slice(file.length + 2);
  }
  return text.trim();
}

/** A short human-readable reason from a tool's log: the first distinct lines, without generic trailers. */
export function summariseLog(log: readonly string[], paths: readonly string[] = []): string {
  const generic = /^(Conversion failed!|Exiting normally.*)$/;
  const lines = [
    ...new Set(log.map((line) => cleanLogLine(line, paths)).filter((line) => line && !generic.test(line))),
  ];
  const text = lines.slice(0, 3).join('; ');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * Turns a failed ffmpeg exit into an error: MediaError when the media is at fault, a plain Error (retryable) when
 * the machine is (disk full, killed by the OOM killer).
 */
export function ffmpegFailure(exit: ProcessExit, paths: readonly string[]): Error {
  if (exit.signal) return new Error(`ffmpeg was stopped by ${exit.signal}`);
  if (wasInterrupted(exit)) return new Error('ffmpeg was interrupted by a signal');
  const reason = summariseLog(exit.log, paths) || `ffmpeg exited with code ${exit.code}`;
  if (ENVIRONMENT_FAILURE.test(reason)) return new Error(`ffmpeg failed: ${reason}`);
  return new MediaError(`The media could not be transcoded: ${reason}`, { reason });
}
