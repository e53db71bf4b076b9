import type { ItemChannelLevel } from '@mam/core';
import { resolveFfmpeg, type TFfmpegBinaries } from './ffmpeg-binaries';
import { fileUrl } from './ffmpeg-command';
import { runFluentFfmpeg } from './fluent-ffmpeg-run';
import { ffmpegFailure } from './run-process';
import type { TAudioInfo } from './media-probe.types';

/** Peak and RMS per channel of every audio track, in dBFS, by the track's stream index. */
export type TAudioLevels = Map<number, ItemChannelLevel[]>;

const ASTATS = 'astats=measure_overall=none:measure_perchannel=Peak_level+RMS_level';

/**
 * One decode of every audio track through astats, each instance named after its stream (`astats@s3`) so that its
 * report on stderr says which track it measured. Only the audio is decoded: the video is not mapped.
 */
export function audioLevelsArgs(input: string, tracks: readonly Pick<TAudioInfo, 'index'>[]): string[] {
  const graph = tracks.map(
    (track, n) => `[0:${track.index}]${ASTATS.replace('astats', `astats@s${track.index}`)}[l${n}]`,
  );
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'info',
    '-i',
    fileUrl(input),
    '-filter_complex',
    graph.join(';'),
    ...tracks.flatMap((_, n) => ['-map', `[l${n}]`]),
    '-f',
    'null',
    '-',
  ];
}

const REPORT = /^\[astats@s(\d+) @ [^\]]+\] (Channel: (\d+)|Peak level dB: (\S+)|RMS level dB: (\S+))/;

/** astats writes '-inf' for digital silence: no level at all, kept as null. */
function decibels(text: string): number | null {
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** Reads astats' per-channel reports (a 'Channel: n' line, then its figures) into levels by stream index. */
export function parseAudioLevels(lines: readonly string[]): TAudioLevels {
  const levels: TAudioLevels = new Map();
  for (const line of lines) {
    const match = REPORT.exec(line);
    if (!match) continue;
    const stream = Number(match[1]);
    const channels = levels.get(stream) ?? [];
    levels.set(stream, channels);
    if (match[3]) channels.push({ peakDb: null, rmsDb: null });
    const current = channels[channels.length - 1];
    if (!current) continue;
    if (match[4] !== undefined) current.peakDb = decibels(match[4]);
    if (match[5] !== undefined) current.rmsDb = decibels(match[5]);
  }
  return levels;
}

export interface MeasureAudioLevelsOptions {
  binaries?: TFfmpegBinaries;
  signal?: AbortSignal;
}

/** Measures every track's channels over the whole file, once, so the item page can show their levels. */
export async function measureAudioLevels(
  input: string,
  tracks: readonly Pick<TAudioInfo, 'index'>[],
  options: MeasureAudioLevelsOptions = {},
): Promise<TAudioLevels> {
  if (tracks.length === 0) return new Map();
  const binaries = options.binaries ?? (await resolveFfmpeg());
  const lines: string[] = [];
  const exit = await runFluentFfmpeg(binaries, audioLevelsArgs(input, tracks), {
    signal: options.signal,
    onLogLine: (line) => {
      if (line.startsWith('[astats@')) lines.push(line);
    },
  });
  if (exit.code !== 0) throw ffmpegFailure(exit, [fileUrl(input), input]);
  return parseAudioLevels(lines);
}
