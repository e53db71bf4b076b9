import {
  advancedPresetParameters,
  type TAdvancedPresetSettings,
  type TBroadcastPresetSettings,
  type TGenericPresetSettings,
} from '@mam/core';
import { MediaError } from '../media/media-error';

/** x264's names for the profiles ffprobe reports, for re-encoding a smart render's partial GOPs alike. */
export const x264Profiles: Record<string, string> = {
  'Constrained Baseline': 'baseline',
  Baseline: 'baseline',
  Main: 'main',
  High: 'high',
};

/** H.264 video for the generic preset; `profile` set when the result is joined to copied source GOPs. */
export function genericVideoArgs(settings: TGenericPresetSettings, profile?: string): string[] {
  const args = ['-c:v', 'libx264', '-preset', settings.speed, '-crf', String(settings.crf), '-pix_fmt', 'yuv420p'];
  return profile ? [...args, '-profile:v', profile] : args;
}

export function genericAudioArgs(settings: TGenericPresetSettings): string[] {
  return ['-c:a', 'aac', '-b:a', `${settings.audioBitrateKbps}k`];
}

/** XDCAM HD422-style MPEG-2 (see /shared/design/broadcast-media.md): 50 Mbit/s CBR, long GOP of 12. */
export function broadcastVideoArgs(settings: TBroadcastPresetSettings): string[] {
  const interlaced = settings.format === '1080i50';
  return [
    ...['-c:v', 'mpeg2video', '-pix_fmt', 'yuv422p', '-b:v', '50M', '-minrate', '50M', '-maxrate', '50M'],
    ...['-bufsize', '17825792', '-rc_init_occupancy', '17825792', '-g', '12', '-bf', '2'],
    ...(interlaced ? ['-flags', '+ildct+ilme', '-top', '1', '-field_order', 'tt'] : ['-field_order', 'progressive']),
    ...['-intra_vlc', '1', '-non_linear_quant', '1', '-dc', '10', '-qmin', '1', '-qmax', '12', '-lmin', 'QP2LAMBDA'],
    ...['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'],
  ];
}

export function broadcastAudioArgs(): string[] {
  return ['-c:a', 'pcm_s24le', '-ar', '48000'];
}

const advancedVideoEncoders: Record<TAdvancedPresetSettings['videoCodec'], string> = {
  h264: 'libx264',
  hevc: 'libx265',
  prores: 'prores_ks',
  dnxhd: 'dnxhd',
  mpeg2video: 'mpeg2video',
};

export const containerFormats = { mp4: 'mp4', mov: 'mov', mxf: 'mxf', mkv: 'matroska' } as const;

/** The allow-listed value of one advanced parameter, checked again here: a preset is data, not ffmpeg arguments. */
function allowed(name: string, value: string | number): string {
  const rule = (
    advancedPresetParameters as Record<string, (typeof advancedPresetParameters)[keyof typeof advancedPresetParameters]>
  )[name];
  if (!rule) throw new MediaError(`The render preset names an unknown parameter: ${name}`, { reason: name });
  if (rule.kind === 'range') {
    const number = Number(value);
    if (!Number.isFinite(number) || number < rule.min || number > rule.max) {
      throw new MediaError(`The render preset's ${name} is out of range: ${value}`, { reason: name });
    }
    return String(Math.round(number));
  }
  if (!(rule.values as readonly string[]).includes(String(value))) {
    throw new MediaError(`The render preset's ${name} is not allowed: ${value}`, { reason: name });
  }
  return String(value);
}

/**
 * Encoder options of an advanced preset: each allow-listed parameter maps to one fixed option. Size, pixel format,
 * sample rate and channels are applied by the render graph (renderOutputFormat), not here.
 */
export function advancedEncoderArgs(settings: TAdvancedPresetSettings): { video: string[]; audio: string[] } {
  const video = ['-c:v', advancedVideoEncoders[settings.videoCodec]];
  for (const [name, raw] of Object.entries(settings.parameters)) {
    const value = allowed(name, raw);
    if (name === 'videoBitrateKbps') video.push('-b:v', `${value}k`);
    else if (name === 'crf')
      video.push(settings.videoCodec === 'h264' || settings.videoCodec === 'hevc' ? '-crf' : '-q:v', value);
    else if (name === 'gopFrames') video.push('-g', value);
    else if (name === 'profile') video.push('-profile:v', value);
  }
  return { video, audio: ['-c:a', settings.audioCodec] };
}
