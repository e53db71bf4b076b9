import { parseFrameRate, type FrameRate, type TRenderPresetSettings } from '@mam/core';
import { MediaError } from '../media/media-error';
import type { TRenderPlan, TRenderSourceFacts } from './render-plan.types';

/** The picture and sound every piece of a render is brought to before the pieces are joined. */
export interface TRenderOutputFormat {
  width: number;
  height: number;
  rate: FrameRate;
  /** Top field first; otherwise progressive. */
  interlaced: boolean;
  pixelFormat: string;
  sampleRate: number;
  /** Channels taken from the sources (the first ones; silence where a source has fewer). */
  channels: number;
  /** Mono tracks written, the sources' channels first and silence after them; 0 writes one stream of `channels`. */
  monoTracks: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

function sourceRate(facts: TRenderSourceFacts): FrameRate {
  if (!facts.frameRate) throw new MediaError('The source has no known frame rate', { reason: 'no frame rate' });
  return parseFrameRate(facts.frameRate);
}

function scaledSize(facts: TRenderSourceFacts, height: number | null): { width: number; height: number } {
  if (height === null) return { width: facts.width, height: facts.height };
  return { width: even((height * facts.width) / facts.height), height: even(height) };
}

function maxChannels(plan: TRenderPlan): number {
  return Math.max(0, ...plan.sources.map((source) => source.facts.channels ?? 0));
}

function numberParameter(settings: Extract<TRenderPresetSettings, { mode: 'advanced' }>, name: string) {
  const value = settings.parameters[name];
  return value === undefined ? null : Number(value);
}

/** What the output is, from the preset and (where the preset keeps the source's) the first source. */
export function renderOutputFormat(plan: TRenderPlan): TRenderOutputFormat {
  const first = plan.sources[0]?.facts;
  if (!first) throw new MediaError('A render needs at least one clip', { reason: 'no clips' });
  const { settings } = plan;
  switch (settings.mode) {
    case 'broadcast':
      return {
        width: 1920,
        height: 1080,
        rate: { numerator: 25, denominator: 1 },
        interlaced: settings.format === '1080i50',
        pixelFormat: 'yuv422p',
        sampleRate: 48000,
        channels: Math.min(settings.audioTracks, maxChannels(plan)),
        monoTracks: settings.audioTracks,
      };
    case 'generic':
      return {
        ...scaledSize(first, settings.height),
        rate: sourceRate(first),
        interlaced: false,
        pixelFormat: 'yuv420p',
        sampleRate: 48000,
        channels: 2,
        monoTracks: 0,
      };
    case 'advanced': {
      const channels = numberParameter(settings, 'audioChannels') ?? 2;
      return {
        ...scaledSize(first, numberParameter(settings, 'height')),
        rate: sourceRate(first),
        interlaced: false,
        pixelFormat: String(
          settings.parameters.pixelFormat ?? (settings.videoCodec === 'prores' ? 'yuv422p10le' : 'yuv420p'),
        ),
        sampleRate: numberParameter(settings, 'audioSampleRate') ?? 48000,
        channels,
        // MXF carries each channel as a track of its own, as broadcast tools expect.
        monoTracks: settings.container === 'mxf' ? channels : 0,
      };
    }
    case 'rewrap':
      return {
        width: first.width,
        height: first.height,
        rate: sourceRate(first),
        interlaced: first.fieldOrder === 'tff',
        pixelFormat: first.pixelFormat ?? 'yuv420p',
        sampleRate: first.sampleRate ?? 48000,
        channels: first.channels ?? 0,
        monoTracks: settings.container === 'mxf' ? (first.channels ?? 0) : 0,
      };
  }
}

/** Samples of audio that belong to the first `frames` frames, rounded so that cut after cut never drifts. */
export function samplesAtFrame(frames: number, format: Pick<TRenderOutputFormat, 'rate' | 'sampleRate'>): number {
  return Math.round((frames * format.sampleRate * format.rate.denominator) / format.rate.numerator);
}
