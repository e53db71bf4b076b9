import type { TRewrapPresetSettings } from './render-preset.types';

type TContainer = TRewrapPresetSettings['container'];

/** What a rewrap needs to know of one source, from its probe (ffprobe's codec and format names). */
export interface TRewrapSourceFacts {
  videoCodec: string;
  profile: string | null;
  pixelFormat: string | null;
  width: number;
  height: number;
  /** Reduced 'num/den', e.g. '25/1'. */
  frameRate: string | null;
  fieldOrder: 'progressive' | 'tff' | 'bff' | null;
  /** Null when the source has no audio. */
  audioCodec: string | null;
  sampleRate: number | null;
  channels: number | null;
  /** Frames of the video stream. */
  frameCount: number;
  /**
   * Display-order frame numbers where a stream copy may start: keyframes that no later-decoded frame shows before
   * (closed GOPs). Copying from any other frame would need frames that are not copied.
   */
  cleanKeyframes: readonly number[];
}

export interface TRewrapRange {
  source: TRewrapSourceFacts;
  inFrame: number;
  /** Exclusive. */
  outFrame: number;
}

export type TRewrapReasonCode =
  | 'cut-not-on-keyframe'
  | 'mixed-video-format'
  | 'mixed-audio-format'
  | 'video-codec-not-allowed'
  | 'audio-codec-not-allowed'
  | 'compressed-audio-cut';

export interface TRewrapReason {
  code: TRewrapReasonCode;
  /** The clip (0-based) the reason is about; null when it concerns the whole sequence. */
  clip: number | null;
  /** English, for logs and the render's error. */
  message: string;
}

export type TRewrapVerdict = { compatible: true } | { compatible: false; reasons: TRewrapReason[] };

/** Codecs each container takes by stream copy with the ffmpeg the workers run (5.1). */
export const rewrapContainerCodecs: Record<TContainer, { video: readonly string[]; audio: readonly string[] }> = {
  mp4: { video: ['h264', 'hevc', 'av1', 'mpeg4', 'mpeg2video'], audio: ['aac', 'mp3', 'ac3', 'eac3', 'alac'] },
  mov: {
    video: ['h264', 'hevc', 'prores', 'dnxhd', 'mpeg2video', 'mpeg4', 'mjpeg'],
    audio: ['aac', 'mp3', 'ac3', 'alac', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_s16be', 'pcm_s24be'],
  },
  // ffmpeg's MXF muxer takes H.264 only as AVC-Intra, which a long-GOP source is not.
  mxf: { video: ['mpeg2video', 'dnxhd'], audio: ['pcm_s16le', 'pcm_s24le'] },
  mkv: {
    video: ['h264', 'hevc', 'av1', 'vp8', 'vp9', 'prores', 'dnxhd', 'mpeg2video', 'mpeg4', 'mjpeg', 'ffv1'],
    audio: ['aac', 'mp3', 'ac3', 'eac3', 'opus', 'vorbis', 'flac', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le'],
  },
};

/** PCM can be cut at any sample by a lossless pass; compressed audio only at its own packet boundaries. */
export function isPcmCodec(codec: string): boolean {
  return codec.startsWith('pcm_');
}

function videoSignature(s: TRewrapSourceFacts): string {
  return [s.videoCodec, s.profile, s.pixelFormat, `${s.width}x${s.height}`, s.frameRate, s.fieldOrder].join(' ');
}

function audioSignature(s: TRewrapSourceFacts): string {
  return s.audioCodec === null ? 'none' : [s.audioCodec, s.sampleRate, s.channels].join(' ');
}

/** A copy may start at a clean keyframe and end at one or at the end of the source. */
function cutReasons(range: TRewrapRange, clip: number): TRewrapReason[] {
  const reasons: TRewrapReason[] = [];
  const clean = new Set(range.source.cleanKeyframes);
  if (!clean.has(range.inFrame)) {
    reasons.push({
      code: 'cut-not-on-keyframe',
      clip,
      message: `Clip ${clip + 1} starts at frame ${range.inFrame}, which is not a keyframe that starts a closed GOP`,
    });
  }
  if (range.outFrame !== range.source.frameCount && !clean.has(range.outFrame)) {
    reasons.push({
      code: 'cut-not-on-keyframe',
      clip,
      message: `Clip ${clip + 1} ends before frame ${range.outFrame}, which is not a keyframe that starts a closed GOP`,
    });
  }
  return reasons;
}

/**
 * Whether a sequence can be rendered by stream copy into `container`, and every reason why not. A stream copy keeps
 * the coded frames as they are, so all sources must share one coding, every cut must fall on a GOP boundary and
 * the container must take the codecs; otherwise the preset's fallback renders.
 */
export function checkRewrapCompatibility(ranges: readonly TRewrapRange[], container: TContainer): TRewrapVerdict {
  const reasons: TRewrapReason[] = [];
  const allowed = rewrapContainerCodecs[container];
  const first = ranges[0];
  if (!first) return { compatible: true };

  ranges.forEach((range, clip) => {
    const { source } = range;
    if (clip > 0 && videoSignature(source) !== videoSignature(first.source)) {
      reasons.push({
        code: 'mixed-video-format',
        clip,
        message: `Clip ${clip + 1} is ${videoSignature(source)}, clip 1 is ${videoSignature(first.source)}`,
      });
    }
    if (clip > 0 && audioSignature(source) !== audioSignature(first.source)) {
      reasons.push({
        code: 'mixed-audio-format',
        clip,
        message: `Clip ${clip + 1} has audio ${audioSignature(source)}, clip 1 has ${audioSignature(first.source)}`,
      });
    }
    reasons.push(...cutReasons(range, clip));
    const wholeSource = range.inFrame === 0 && range.outFrame === source.frameCount;
    if (source.audioCodec !== null && !isPcmCodec(source.audioCodec) && !wholeSource) {
      reasons.push({
        code: 'compressed-audio-cut',
        clip,
        message: `Clip ${clip + 1} cuts ${source.audioCodec} audio, which a stream copy cannot cut at the exact sample`,
      });
    }
  });

  const videoCodecs = new Set(ranges.map((range) => range.source.videoCodec));
  for (const codec of videoCodecs) {
    if (!allowed.video.includes(codec)) {
      reasons.push({
        code: 'video-codec-not-allowed',
        clip: null,
        message: `${codec} video cannot be stream-copied into ${container}`,
      });
    }
  }
  const audioCodecs = new Set(ranges.flatMap((range) => (range.source.audioCodec ? [range.source.audioCodec] : [])));
  for (const codec of audioCodecs) {
    if (!allowed.audio.includes(codec)) {
      reasons.push({
        code: 'audio-codec-not-allowed',
        clip: null,
        message: `${codec} audio cannot be stream-copied into ${container}`,
      });
    }
  }
  return reasons.length === 0 ? { compatible: true } : { compatible: false, reasons };
}
