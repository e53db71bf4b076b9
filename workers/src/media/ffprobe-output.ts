import type { TAudioInfo, TVideoInfo } from './media-probe.types';

/** The parts of `ffprobe -print_format json -show_format -show_streams` this package reads. */
export interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  pix_fmt?: string;
  field_order?: string;
  color_space?: string;
  color_primaries?: string;
  color_transfer?: string;
  color_range?: string;
  bits_per_raw_sample?: string;
  bits_per_sample?: number;
  bit_rate?: string;
  nb_frames?: string;
  duration?: string;
  channels?: number;
  sample_rate?: string;
  channel_layout?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

export interface FfprobeFormat {
  format_name?: string;
  duration?: string;
  bit_rate?: string;
  probe_score?: number;
  tags?: Record<string, string>;
}

export interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: FfprobeFormat;
}

function positiveNumber(text: string | number | undefined): number | null {
  const value = typeof text === 'number' ? text : Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** '100/2' → '50/1'; null for ffprobe's '0/0' (unknown) and anything not a positive fraction. */
export function reduceRate(text: string | undefined): string | null {
  const match = /^(\d+)[/:](\d+)$/.exec(text ?? '');
  if (!match) return null;
  const [numerator, denominator] = [Number(match[1]), Number(match[2])];
  if (numerator <= 0 || denominator <= 0) return null;
  const divisor = gcd(numerator, denominator);
  return `${numerator / divisor}/${denominator / divisor}`;
}

export function rateValue(rate: string): number {
  const [numerator, denominator] = rate.split('/').map(Number);
  return numerator! / denominator!;
}

/**
 * The frame rate to show and to encode at. r_frame_rate is the exact nominal rate ('30000/1001') but is the field
 * rate for some interlaced streams and the tick rate for variable-rate phone video; avg_frame_rate is measured and
 * can be an ugly fraction. Take the nominal one when both agree within 1 %, else the measured one.
 */
export function chooseFrameRate(stream: FfprobeStream): string | null {
  const nominal = reduceRate(stream.r_frame_rate);
  const average = reduceRate(stream.avg_frame_rate);
  if (nominal && average) {
    return Math.abs(rateValue(nominal) - rateValue(average)) / rateValue(average) < 0.01 ? nominal : average;
  }
  return average ?? nominal;
}

/** Clockwise degrees to turn for display, from the display matrix (ffprobe ≥ 5) or the older `rotate` tag. */
export function rotationOf(stream: FfprobeStream): TVideoInfo['rotation'] {
  const matrix = stream.side_data_list?.find((data) => typeof data.rotation === 'number');
  // The display matrix rotation is counter-clockwise; the legacy tag is clockwise.
  const degrees = matrix ? -matrix.rotation! : Number(stream.tags?.rotate ?? 0);
  const normalised = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalised as TVideoInfo['rotation'];
}

/** ffprobe names coded and display order ('tb': top coded first, bottom shown first); only display order matters. */
export function fieldOrderOf(text: string | undefined): TVideoInfo['fieldOrder'] {
  switch (text) {
    case 'progressive':
      return 'progressive';
    case 'tt':
    case 'bt':
      return 'tff';
    case 'bb':
    case 'tb':
      return 'bff';
    default:
      return null;
  }
}

/** Picture size as shown: anamorphic pixels widened to square ones, then turned by the rotation. */
export function displaySize(
  width: number,
  height: number,
  sampleAspectRatio: string | null,
  rotation: TVideoInfo['rotation'],
): { width: number; height: number } {
  const sar = sampleAspectRatio ? rateValue(sampleAspectRatio.replace(':', '/')) : 1;
  const shownWidth = Math.round(width * sar);
  return rotation === 90 || rotation === 270 ? { width: height, height: shownWidth } : { width: shownWidth, height };
}

/** Interlaced when the fields are stored in an order; ffprobe's 'unknown' (and no field) says nothing. */
export function scanTypeOf(fieldOrder: TVideoInfo['fieldOrder']): TVideoInfo['scanType'] {
  if (fieldOrder === null) return null;
  return fieldOrder === 'progressive' ? 'progressive' : 'interlaced';
}

/** ffprobe's colour names, 'unknown'/'unspecified'/'reserved' read as not said. */
function colourName(text: string | undefined): string | null {
  return text && !/^(unknown|unspecified|reserved)$/.test(text) ? text : null;
}

/** The HDR transfer characteristic: ST 2084 is PQ, ARIB STD-B67 is HLG; anything else is SDR (or unknown). */
export function hdrOf(transfer: string | null): TVideoInfo['hdr'] {
  if (transfer === 'smpte2084') return 'PQ';
  if (transfer === 'arib-std-b67') return 'HLG';
  return null;
}

/** Coded bits per sample: the raw figure, else the container's (PCM), else the pixel format's ('yuv420p10le'). */
export function bitDepthOf(stream: FfprobeStream): number | null {
  const raw = positiveNumber(stream.bits_per_raw_sample) ?? positiveNumber(stream.bits_per_sample);
  if (raw) return raw;
  if (stream.codec_type !== 'video' || !stream.pix_fmt) return null;
  const match = /p(\d{2})(le|be)$/.exec(stream.pix_fmt);
  if (match) return Number(match[1]);
  return /^(yuvj?4\d\dp|nv12|nv21|gray|rgb24|bgr24|rgba|bgra|argb|abgr)$/.test(stream.pix_fmt) ? 8 : null;
}

function audioInfo(stream: FfprobeStream): TAudioInfo {
  return {
    index: stream.index ?? 0,
    codec: stream.codec_name!,
    channels: stream.channels!,
    sampleRate: positiveNumber(stream.sample_rate) ?? 0,
    layout: stream.channel_layout ?? null,
    bitDepth: bitDepthOf(stream),
    bitRate: positiveNumber(stream.bit_rate),
  };
}

const TIMECODE = /^\d{2}:\d{2}:\d{2}[:;.]\d{2,3}$/;

/** The source's start timecode: container tag (MXF, MOV), then the video or a timecode (tmcd) data stream. */
export function timecodeOf(output: FfprobeOutput): string | null {
  const candidates = [
    output.format?.tags?.timecode,
    ...(output.streams ?? []).filter((s) => s.codec_type === 'video').map((s) => s.tags?.timecode),
    ...(output.streams ?? []).map((s) => s.tags?.timecode),
  ];
  return candidates.find((value): value is string => typeof value === 'string' && TIMECODE.test(value)) ?? null;
}

const STILL_CODECS = new Set([
  'png',
  'apng',
  'mjpeg',
  'jpegls',
  'bmp',
  'gif',
  'tiff',
  'webp',
  'jpeg2000',
  'jpegxl',
  'dpx',
  'exr',
  'targa',
  'pam',
  'pbm',
  'pgm',
  'ppm',
  'psd',
  'sgi',
  'xbm',
  'xwd',
  'pcx',
  'sunrast',
  'qoi',
  'hdr',
  'photocd',
]);

function isPicture(stream: FfprobeStream): boolean {
  return stream.codec_type === 'video' && stream.disposition?.attached_pic === 1;
}

/**
 * A still image that ffprobe reads as a one-frame video: an image demuxer (image2, png_pipe, jpeg_pipe, ...), or a
 * single still-image codec frame with no sound.
 */
export function isStillImage(output: FfprobeOutput): boolean {
  const names = (output.format?.format_name ?? '').split(',');
  const streams = output.streams ?? [];
  const videos = streams.filter((s) => s.codec_type === 'video' && !isPicture(s));
  if (streams.some((s) => s.codec_type === 'audio') || videos.length !== 1) return false;
  if (names.some((name) => name === 'image2' || name.endsWith('_pipe') || name === 'gif' || name === 'apng'))
    return true;
  const [video] = videos;
  const frames = Number(video!.nb_frames ?? 1);
  return STILL_CODECS.has(video!.codec_name ?? '') && (!Number.isFinite(frames) || frames <= 1);
}

export interface MediaStreams {
  video: TVideoInfo | null;
  audio: TAudioInfo | null;
  audioStreamCount: number;
  audioTracks: TAudioInfo[];
  hasCoverArt: boolean;
}

export function mediaStreams(output: FfprobeOutput): MediaStreams {
  const streams = output.streams ?? [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !isPicture(s) && s.width && s.height);
  const audioStreams = streams.filter((s) => s.codec_type === 'audio' && s.codec_name && (s.channels ?? 0) > 0);

  let video: TVideoInfo | null = null;
  if (videoStream) {
    const width = videoStream.width!;
    const height = videoStream.height!;
    const sar = reduceRate(videoStream.sample_aspect_ratio);
    const sampleAspectRatio = sar && sar !== '1/1' ? sar.replace('/', ':') : null;
    const rotation = rotationOf(videoStream);
    const shown = displaySize(width, height, sampleAspectRatio, rotation);
    const fieldOrder = fieldOrderOf(videoStream.field_order);
    const colourTransfer = colourName(videoStream.color_transfer);
    video = {
      index: videoStream.index ?? 0,
      codec: videoStream.codec_name ?? 'unknown',
      profile: videoStream.profile ?? null,
      width,
      height,
      displayWidth: shown.width,
      displayHeight: shown.height,
      sampleAspectRatio,
      frameRate: chooseFrameRate(videoStream),
      pixelFormat: videoStream.pix_fmt ?? null,
      rotation,
      fieldOrder,
      scanType: scanTypeOf(fieldOrder),
      colourSpace: colourName(videoStream.color_space),
      colourPrimaries: colourName(videoStream.color_primaries),
      colourTransfer,
      colourRange: colourName(videoStream.color_range),
      hdr: hdrOf(colourTransfer),
      bitDepth: bitDepthOf(videoStream),
      bitRate: positiveNumber(videoStream.bit_rate),
      frameCount: positiveNumber(videoStream.nb_frames),
    };
  }
  const audioTracks = audioStreams.map(audioInfo);
  return {
    video,
    audio: audioTracks[0] ?? null,
    audioStreamCount: audioTracks.length,
    audioTracks,
    hasCoverArt: streams.some(isPicture),
  };
}

/** Seconds from the container, else the longest stream. */
export function durationOf(output: FfprobeOutput): number | null {
  const fromFormat = positiveNumber(output.format?.duration);
  if (fromFormat) return fromFormat;
  const streams = (output.streams ?? []).map((s) => positiveNumber(s.duration) ?? 0);
  const longest = Math.max(0, ...streams);
  return longest > 0 ? longest : null;
}

export function bitRateOf(output: FfprobeOutput): number | null {
  return positiveNumber(output.format?.bit_rate);
}

const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);

const CONTAINERS: Record<string, { format: string; video: string; audio: string }> = {
  mpegts: { format: 'mpegts', video: 'video/mp2t', audio: 'audio/mp2t' },
  mpeg: { format: 'mpeg-ps', video: 'video/mpeg', audio: 'audio/mpeg' },
  mpegvideo: { format: 'mpeg-es', video: 'video/mpeg', audio: 'video/mpeg' },
  mxf: { format: 'mxf', video: 'application/mxf', audio: 'application/mxf' },
  mxf_d10: { format: 'mxf', video: 'application/mxf', audio: 'application/mxf' },
  mxf_opatom: { format: 'mxf', video: 'application/mxf', audio: 'application/mxf' },
  gxf: { format: 'gxf', video: 'application/gxf', audio: 'application/gxf' },
  avi: { format: 'avi', video: 'video/x-msvideo', audio: 'video/x-msvideo' },
  flv: { format: 'flv', video: 'video/x-flv', audio: 'video/x-flv' },
  asf: { format: 'asf', video: 'video/x-ms-asf', audio: 'audio/x-ms-wma' },
  dv: { format: 'dv', video: 'video/x-dv', audio: 'video/x-dv' },
  ogg: { format: 'ogg', video: 'video/ogg', audio: 'audio/ogg' },
  h264: { format: 'h264', video: 'video/h264', audio: 'video/h264' },
  hevc: { format: 'hevc', video: 'video/h265', audio: 'video/h265' },
  wav: { format: 'wav', video: 'audio/wav', audio: 'audio/wav' },
  w64: { format: 'w64', video: 'audio/x-w64', audio: 'audio/x-w64' },
  aiff: { format: 'aiff', video: 'audio/aiff', audio: 'audio/aiff' },
  mp3: { format: 'mp3', video: 'audio/mpeg', audio: 'audio/mpeg' },
  flac: { format: 'flac', video: 'audio/flac', audio: 'audio/flac' },
  aac: { format: 'aac', video: 'audio/aac', audio: 'audio/aac' },
  ac3: { format: 'ac3', video: 'audio/ac3', audio: 'audio/ac3' },
  eac3: { format: 'eac3', video: 'audio/eac3', audio: 'audio/eac3' },
  amr: { format: 'amr', video: 'audio/amr', audio: 'audio/amr' },
  au: { format: 'au', video: 'audio/basic', audio: 'audio/basic' },
  caf: { format: 'caf', video: 'audio/x-caf', audio: 'audio/x-caf' },
  wv: { format: 'wavpack', video: 'audio/x-wavpack', audio: 'audio/x-wavpack' },
};

/** Short container name and MIME type. The ISO family is told apart by its brand, Matroska by its codecs. */
export function containerOf(output: FfprobeOutput, hasVideo: boolean): { format: string | null; mimeType: string } {
  const formatName = output.format?.format_name ?? '';
  const names = formatName.split(',');
  if (names.includes('mov') || names.includes('mp4')) {
    const brand = (output.format?.tags?.major_brand ?? '').trim();
    if (brand === 'qt') return { format: 'mov', mimeType: 'video/quicktime' };
    if (brand.startsWith('3g')) return { format: '3gp', mimeType: hasVideo ? 'video/3gpp' : 'audio/3gpp' };
    if (brand === 'M4A' || (!hasVideo && brand !== 'M4V')) return { format: 'm4a', mimeType: 'audio/mp4' };
    return { format: 'mp4', mimeType: 'video/mp4' };
  }
  if (names.includes('matroska') || names.includes('webm')) {
    const codecs = (output.streams ?? []).filter((s) => s.codec_type !== 'attachment').map((s) => s.codec_name ?? '');
    const webm = codecs.length > 0 && codecs.every((codec) => WEBM_CODECS.has(codec));
    if (webm) return { format: 'webm', mimeType: hasVideo ? 'video/webm' : 'audio/webm' };
    return { format: 'matroska', mimeType: hasVideo ? 'video/x-matroska' : 'audio/x-matroska' };
  }
  const known = names.map((name) => CONTAINERS[name]).find(Boolean);
  if (known) return { format: known.format, mimeType: hasVideo ? known.video : known.audio };
  return { format: names[0] || null, mimeType: 'application/octet-stream' };
}
