import { renderFileExtension, type TRenderPresetSettings } from '@mam/core';
import { advancedEncoderArgs, broadcastVideoArgs, genericAudioArgs, genericVideoArgs } from '../render/render-encoders';
import { containerArgs } from '../render/render-command';
import type { TRecordedSegment } from './recorder';
import { writeJoinList } from './recording-journal';

/**
 * A live source's high res rendered with a preset. The segments stay MPEG-TS (a download of a running recording
 * concatenates their bytes), coded as the preset codes its video; the stop joins them into the preset's container
 * without touching the video.
 *
 * PCM, which the broadcast preset and some advanced ones write, goes into MPEG-TS only as SMPTE 302M: the segments
 * carry it as one 302M stream of up to 8 channels (the format's limit, and its only rate, 48 kHz), and the join
 * decodes it, sample for sample, into the preset's PCM tracks.
 */

// 4:2:0 pictures have even sides.
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** 302M carries 2, 4, 6 or 8 channels. */
const S302M_MAX_CHANNELS = 8;

/** The PCM channels a preset writes, and the sample format whose 302M coding keeps them whole. */
interface TPcmAudio {
  codec: 'pcm_s16le' | 'pcm_s24le';
  channels: number;
  sampleRate: number;
  /** Each channel a mono track of its own (MXF, as broadcast tools expect); otherwise one stream. */
  monoTracks: boolean;
}

function pcmAudio(settings: TRenderPresetSettings): TPcmAudio | null {
  if (settings.mode === 'broadcast') {
    return { codec: 'pcm_s24le', channels: settings.audioTracks, sampleRate: 48000, monoTracks: true };
  }
  if (settings.mode === 'advanced' && settings.audioCodec !== 'aac') {
    return {
      codec: settings.audioCodec,
      channels: advancedChannels(settings),
      sampleRate: Number(settings.parameters.audioSampleRate ?? 48000),
      monoTracks: settings.container === 'mxf',
    };
  }
  return null;
}

function advancedChannels(settings: Extract<TRenderPresetSettings, { mode: 'advanced' }>): number {
  return Number(settings.parameters.audioChannels ?? 2);
}

/** The channels a segment's 302M stream has for `wanted` PCM channels: even, at most 8. */
export function segmentPcmChannels(wanted: number): number {
  return Math.min(S302M_MAX_CHANNELS, Math.max(2, wanted + (wanted % 2)));
}

/**
 * The source's channels in order, silence where it has fewer (pan maps a channel the input lacks to silence). A
 * plain channel mapping, so the samples pass unchanged.
 */
function panChannels(channels: number): string {
  return `pan=${channels}c|${Array.from({ length: channels }, (_, k) => `c${k}=c${k}`).join('|')}`;
}

function s302mArgs(pcm: TPcmAudio): string[] {
  const channels = segmentPcmChannels(pcm.channels);
  // 302M's 24-bit coding is made from 32-bit samples; 16-bit PCM is carried as 16-bit 302M.
  const sampleFormat = pcm.codec === 'pcm_s16le' ? 's16' : 's32';
  return [
    '-af',
    panChannels(channels),
    '-c:a',
    's302m',
    '-strict:a',
    '-2',
    '-ar',
    '48000',
    '-sample_fmt',
    sampleFormat,
  ];
}

/** Picture format of the broadcast preset (as the render engine makes it): 1920×1080 4:2:2 at 25 frames. */
function broadcastFilter(settings: Extract<TRenderPresetSettings, { mode: 'broadcast' }>): string {
  const interlaced = settings.format === '1080i50';
  // Interlaced frames of the feed are deinterlaced for a progressive format and scaled field by field otherwise.
  const steps = ['fps=25', interlaced ? 'scale=1920:1080:interl=-1' : 'bwdif=mode=send_frame:deint=interlaced'];
  if (!interlaced) steps.push('scale=1920:1080');
  steps.push('setsar=1', 'format=yuv422p', interlaced ? 'setfield=tff' : 'setfield=prog');
  return steps.join(',');
}

/**
 * MPEG-2's GOPs are closed so that each segment decodes on its own (a download or a probe reads one segment; the
 * next run after a break starts a segment with nothing before it); its `-flags` are one option, so merged.
 */
function closedGop(video: string[]): string[] {
  const at = video.indexOf('-flags');
  const out = [...video];
  if (at >= 0) out[at + 1] = `${out[at + 1]}+cgop`;
  else out.push('-flags', '+cgop');
  // The encoder does not combine closed GOPs with its own scene-change keyframes; forced keyframes still apply.
  return [...out, '-sc_threshold', '1000000000'];
}

/**
 * The high-res output's codec arguments for a preset: filters, video and audio codecs. The recorder adds the
 * keyframes forced at segment boundaries.
 */
export function presetRecorderArgs(settings: TRenderPresetSettings): string[] {
  switch (settings.mode) {
    case 'generic': {
      const scale = settings.height === null ? [] : ['-vf', `scale=-2:${even(settings.height)}`];
      return [...scale, ...genericVideoArgs(settings), ...genericAudioArgs(settings), '-ar', '48000', '-ac', '2'];
    }
    case 'broadcast':
      return [
        '-vf',
        broadcastFilter(settings),
        ...closedGop(broadcastVideoArgs(settings)),
        ...s302mArgs(pcmAudio(settings)!),
      ];
    case 'advanced': {
      const encoder = advancedEncoderArgs(settings);
      const height = settings.parameters.height;
      const pixelFormat = String(settings.parameters.pixelFormat ?? 'yuv420p');
      const args = height === undefined ? [] : ['-vf', `scale=-2:${even(Number(height))}`];
      let video = [...encoder.video, '-pix_fmt', pixelFormat];
      if (settings.videoCodec === 'mpeg2video') video = closedGop(video);
      // x265 makes a forced keyframe a CRA, whose leading pictures need the segment before; an IDR needs none.
      if (settings.videoCodec === 'hevc') video.push('-forced-idr', '1');
      const pcm = pcmAudio(settings);
      const audio = pcm
        ? s302mArgs(pcm)
        : [
            '-c:a',
            'aac',
            '-ar',
            String(settings.parameters.audioSampleRate ?? 48000),
            '-ac',
            String(advancedChannels(settings)),
          ];
      return [...args, ...video, ...audio];
    }
    case 'rewrap':
      throw new Error('A rewrap preset copies streams; live recordings cannot use one');
  }
}

export interface TPresetJoinOptions {
  settings: TRenderPresetSettings;
  /** The start timecode the file carries (the source's own, else the time of day the recording began). */
  timecode: string | null;
  /** Whether the segments have sound at all (a feed without sound records none). */
  audio: boolean;
  /** The segments' frame rate as ffprobe gives it ('25/1'): MXF takes a copied stream's rate from here. */
  frameRate: string;
}

export interface TPresetJoinPlan {
  extension: string;
  args: string[];
}

/**
 * The PCM tracks from the segments' 302M stream: channel k to track k, silence for those 302M could not carry. The
 * sound is padded to the picture's end (with `-shortest`): a recorder stopped mid-stream leaves the last segment's
 * sound a little shorter, and MXF would drop the frames past it.
 */
function pcmJoin(pcm: TPcmAudio): { filter: string; outputs: string[] } {
  const carried = segmentPcmChannels(pcm.channels);
  const resample = pcm.sampleRate === 48000 ? '' : `,aresample=${pcm.sampleRate}`;
  const channel = (k: number) => (k < carried ? `c${k}` : '0*c0');
  if (!pcm.monoTracks) {
    const gains = Array.from({ length: pcm.channels }, (_, k) => `c${k}=${channel(k)}`);
    return { filter: `[0:a:0]apad,pan=${pcm.channels}c|${gains.join('|')}${resample}[t0]`, outputs: ['[t0]'] };
  }
  const tracks = Array.from({ length: pcm.channels }, (_, k) => k);
  const split = tracks.map((k) => `[s${k}]`).join('');
  const chains = [pcm.channels > 1 ? `[0:a:0]apad,asplit=${pcm.channels}${split}` : '[0:a:0]apad[s0]'];
  for (const k of tracks) chains.push(`[s${k}]pan=mono|c0=${channel(k)}${resample}[t${k}]`);
  return { filter: chains.join(';'), outputs: tracks.map((k) => `[t${k}]`) };
}

/**
 * Joins a preset recording's segments into the preset's container. The video is copied (the segments already have
 * the preset's coding); AAC is copied too, 302M decoded into the preset's PCM.
 */
export async function planPresetJoin(
  dir: string,
  segments: readonly TRecordedSegment[],
  outputBase: string,
  options: TPresetJoinOptions,
): Promise<TPresetJoinPlan> {
  const { settings } = options;
  const listFile = await writeJoinList(dir, segments);
  const args = ['-hide_banner', '-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', listFile];
  const pcm = options.audio ? pcmAudio(settings) : null;
  const joined = pcm ? pcmJoin(pcm) : null;
  if (joined) args.push('-filter_complex', joined.filter);
  args.push('-map', '0:v:0', '-c:v', 'copy');
  const extension = renderFileExtension(settings);
  // The concat demuxer gives copied video the stream's 90 kHz clock; MXF needs the frame rate itself.
  if (extension === 'mxf') args.push('-r', settings.mode === 'broadcast' ? '25' : options.frameRate);
  if (joined && pcm) {
    for (const label of joined.outputs) args.push('-map', label);
    args.push('-c:a', pcm.codec, '-shortest');
  } else if (options.audio) args.push('-map', '0:a:0', '-c:a', 'copy', '-bsf:a', 'aac_adtstoasc');
  if (options.timecode) args.push('-timecode', options.timecode);
  args.push(...containerArgs(settings), outputBase);
  return { extension, args };
}
