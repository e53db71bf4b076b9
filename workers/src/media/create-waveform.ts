import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FFMPEG_PREFIX, fileUrl, runFfmpeg } from './ffmpeg-command';
import type { TFfmpegCommand, TMediaTaskOptions } from './media-task.types';

export const WAVEFORM_FILE = 'waveform.json';
/** ffmpeg resamples to this rate; the peaks need no more and it keeps the pipe small. */
export const WAVEFORM_SAMPLE_RATE = 8000;

/** waveform.json: `peaks` is [min0, max0, min1, max1, ...], each -1..1, `samplesPerSecond` pairs per second. */
export interface TWaveform {
  version: 1;
  samplesPerSecond: number;
  peaks: number[];
}

export interface TWaveformOptions extends TMediaTaskOptions {
  /** Most pairs per second (default 100: a 10 ms column). */
  maxSamplesPerSecond?: number;
  /** Most pairs in all (default 100 000), so a two-hour programme stays a small file. */
  maxPairs?: number;
}

export interface TWaveformResult {
  file: typeof WAVEFORM_FILE;
  files: string[];
  samplesPerSecond: number;
  /** Number of (min, max) pairs. */
  length: number;
}

// Divisors of 8000, so every pair covers a whole number of samples.
const RATES = [100, 80, 50, 40, 32, 25, 20, 16, 10, 8, 5, 4, 2, 1];

export function chooseWaveformRate(durationSeconds: number | null, maxPerSecond = 100, maxPairs = 100_000): number {
  const candidates = RATES.filter((rate) => rate <= maxPerSecond);
  if (!durationSeconds || durationSeconds <= 0) return candidates[0] ?? 1;
  return candidates.find((rate) => rate * durationSeconds <= maxPairs) ?? 1;
}

export interface PeakAccumulator {
  /** Signed 16-bit little-endian mono PCM, in chunks of any length (a sample may straddle two chunks). */
  push(chunk: Buffer): void;
  /** The pairs so far plus the last, partial bucket. */
  finish(): number[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Folds PCM into (min, max) pairs as it streams, so memory is the size of the result, not of the sound. */
export function createPeakAccumulator(samplesPerBucket: number): PeakAccumulator {
  const peaks: number[] = [];
  let min = 0;
  let max = 0;
  let inBucket = 0;
  let carry: number | null = null;
  const sample = (value: number) => {
    if (inBucket === 0) {
      min = value;
      max = value;
    } else if (value < min) min = value;
    else if (value > max) max = value;
    if (++inBucket === samplesPerBucket) {
      peaks.push(round(min / 32768), round(max / 32768));
      inBucket = 0;
    }
  };
  return {
    push(chunk) {
      let offset = 0;
      if (carry !== null && chunk.length > 0) {
        sample((((chunk[0]! << 8) | carry) << 16) >> 16);
        carry = null;
        offset = 1;
      }
      const end = offset + Math.floor((chunk.length - offset) / 2) * 2;
      for (let i = offset; i < end; i += 2) sample(chunk.readInt16LE(i));
      if (end < chunk.length) carry = chunk[end]!;
    },
    finish() {
      if (inBucket > 0) {
        peaks.push(round(min / 32768), round(max / 32768));
        inBucket = 0;
      }
      return peaks;
    },
  };
}

export function planWaveform(options: TWaveformOptions): { command: TFfmpegCommand; samplesPerSecond: number } {
  const { probe } = options;
  if (!probe.audio) throw new Error('A waveform needs an audio stream');
  const samplesPerSecond = chooseWaveformRate(probe.durationSeconds, options.maxSamplesPerSecond, options.maxPairs);
  const input = fileUrl(options.input);
  const args = [...FFMPEG_PREFIX, '-i', input, '-map', `0:${probe.audio.index}`, '-ac', '1'];
  args.push('-ar', String(WAVEFORM_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1');
  return {
    command: { args, expectedSeconds: probe.durationSeconds, pipesStdout: true, paths: [input] },
    samplesPerSecond,
  };
}

/** waveform.json from the first audio stream, mixed to mono, read from ffmpeg's stdout as it decodes. */
export async function createWaveform(options: TWaveformOptions): Promise<TWaveformResult> {
  const { command, samplesPerSecond } = planWaveform(options);
  const accumulator = createPeakAccumulator(WAVEFORM_SAMPLE_RATE / samplesPerSecond);
  await runFfmpeg(command, { ...options, reportDone: false, onStdout: (chunk) => accumulator.push(chunk) });
  const waveform: TWaveform = { version: 1, samplesPerSecond, peaks: accumulator.finish() };
  await mkdir(options.outDir, { recursive: true });
  await writeFile(path.join(options.outDir, WAVEFORM_FILE), JSON.stringify(waveform));
  options.onProgress?.(100);
  return { file: WAVEFORM_FILE, files: [WAVEFORM_FILE], samplesPerSecond, length: waveform.peaks.length / 2 };
}
