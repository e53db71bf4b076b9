/**
 * ffmpeg's `-progress` output is blocks of key=value lines ending in `progress=continue` or `progress=end`. These
 * keys are the ones it writes; any other stderr line is a log message.
 */
const PROGRESS_KEY =
  /^(frame|fps|stream_\d+_\d+_q|bitrate|total_size|out_time_us|out_time_ms|out_time|dup_frames|drop_frames|speed|progress)=/;

export function isProgressLine(line: string): boolean {
  return PROGRESS_KEY.test(line);
}

/** Output position in seconds from one progress line, or null if the line does not carry one. */
export function progressSeconds(line: string): number | null {
  // out_time_ms is microseconds too (a long-standing ffmpeg naming slip), so both keys divide by 1e6.
  const micros = /^out_time_(?:us|ms)=(-?\d+)$/.exec(line.trim());
  if (micros) {
    const value = Number(micros[1]);
    return value >= 0 ? value / 1e6 : null;
  }
  const clock = /^out_time=(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(line.trim());
  if (clock) {
    if (clock[1] === '-') return null;
    return Number(clock[2]) * 3600 + Number(clock[3]) * 60 + Number(clock[4]);
  }
  return null;
}

/** 0..100 of `seconds` out of `totalSeconds`, whole numbers. */
export function progressPercent(seconds: number, totalSeconds: number): number {
  if (!(totalSeconds > 0) || !Number.isFinite(seconds)) return 0;
  return Math.max(0, Math.min(100, Math.floor((seconds / totalSeconds) * 100)));
}

export interface ProgressReporterOptions {
  onProgress: (percent: number) => void;
  /** Minimum time between two reports; 100 is always reported by `done()`. */
  intervalMs?: number;
  now?: () => number;
}

export interface ProgressReporter {
  /** Reports `percent` if it moved forward and the interval has passed. Never reports 100: that is `done()`'s. */
  report(percent: number): void;
  done(): void;
}

/**
 * Throttles progress: heartbeats and database writes follow every report, and ffmpeg writes one block every
 * 500 ms per output. Percentages never go backwards, and 100 means finished, not "ffmpeg got to the end".
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const intervalMs = options.intervalMs ?? 1000;
  const now = options.now ?? Date.now;
  let last = -1;
  let lastAt = -Infinity;
  return {
    report(percent) {
      const value = Math.min(99, Math.floor(percent));
      if (value <= last) return;
      const at = now();
      if (at - lastAt < intervalMs) return;
      last = value;
      lastAt = at;
      options.onProgress(value);
    },
    done() {
      if (last === 100) return;
      last = 100;
      options.onProgress(100);
    },
  };
}
