import type { MediaItemType } from '@mam/core';

/** What the video stream is, as stored (`width`/`height`) and as shown (`displayWidth`/`displayHeight`). */
export interface TVideoInfo {
  /** ffmpeg's stream index in the file, for `-map 0:<index>`. */
  index: number;
  codec: string;
  profile: string | null;
  width: number;
  height: number;
  /** After the sample aspect ratio and rotation are applied: what a player shows, and what renditions are cut to. */
  displayWidth: number;
  displayHeight: number;
  /** 'num:den', e.g. '64:45' for anamorphic PAL; null when square or unknown. */
  sampleAspectRatio: string | null;
  /** Reduced 'num/den', e.g. '50/1', '30000/1001'; null when unknown. */
  frameRate: string | null;
  pixelFormat: string | null;
  /** Degrees clockwise to turn the picture for display (phones record sideways and say so). */
  rotation: 0 | 90 | 180 | 270;
  /** Display order of the fields: top field first, bottom field first, or progressive; null when unknown. */
  fieldOrder: 'progressive' | 'tff' | 'bff' | null;
  /** From the field order: interlaced when fields are stored (TFF/BFF); null when ffprobe does not say. */
  scanType: 'progressive' | 'interlaced' | null;
  /** ffprobe's names: matrix ('bt709', 'bt2020nc'), primaries, transfer ('smpte2084', 'arib-std-b67'), range. */
  colourSpace: string | null;
  colourPrimaries: string | null;
  colourTransfer: string | null;
  /** 'tv' (limited) or 'pc' (full). */
  colourRange: string | null;
  /** The HDR transfer the stream declares: PQ (SMPTE ST 2084) or HLG (ARIB STD-B67); null for SDR or unknown. */
  hdr: 'PQ' | 'HLG' | null;
  bitDepth: number | null;
  bitRate: number | null;
  frameCount: number | null;
}

export interface TAudioInfo {
  /** ffmpeg's stream index in the file, for `-map 0:<index>`. */
  index: number;
  codec: string;
  channels: number;
  sampleRate: number;
  /** ffmpeg's channel layout name: 'mono', 'stereo', '5.1(side)'; null when unknown. */
  layout: string | null;
  /** Bits per sample as coded (24 for PCM s24 even when decoded to s32); null for lossy codecs that have none. */
  bitDepth: number | null;
  bitRate: number | null;
}

export interface TImageInfo {
  /** Stored pixels; EXIF orientation not applied. */
  width: number;
  height: number;
  /** After the EXIF orientation: what people see and what previews are cut to. */
  displayWidth: number;
  displayHeight: number;
  /** sharp's format name ('jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'svg', ...) or ffmpeg's codec name. */
  format: string;
  /** EXIF orientation 1..8; null when absent. */
  orientation: number | null;
  hasAlpha: boolean;
  /** 'srgb', 'cmyk', 'b-w', 'rgb16', ...; null when the decoder does not say. */
  colourSpace: string | null;
  bitsPerSample: number | null;
  /** Frames of an animation or pages of a TIFF; 1 for a still. */
  pages: number;
  density: number | null;
  hasIccProfile: boolean;
  /** Which decoder reads it: sharp (libvips) directly, or ffmpeg first (BMP, DPX, EXR, TGA...). */
  decoder: 'sharp' | 'ffmpeg';
}

/** Everything the pipeline decides from, kept as JSON on the item version (no undefined, only null). */
export interface TMediaProbe {
  itemType: MediaItemType;
  /** Short container name: 'mp4', 'mov', 'mxf', 'matroska', 'webm', 'mpegts', 'wav', 'mp3', 'jpeg', 'pdf', 'text'... */
  format: string | null;
  /** ffprobe's own format name ('mov,mp4,m4a,3gp,3g2,mj2'); null when ffprobe did not read the file. */
  formatName: string | null;
  mimeType: string;
  size: number;
  durationSeconds: number | null;
  bitRate: number | null;
  video: TVideoInfo | null;
  audio: TAudioInfo | null;
  /** Broadcast files often carry each channel as its own stream; the renditions use the first. */
  audioStreamCount: number;
  /** Every audio stream in file order (`audio` is the first of them). */
  audioTracks: TAudioInfo[];
  /** Cover art of an audio file (an attached picture), usable as its thumbnail. */
  hasCoverArt: boolean;
  /** The source's own start timecode ('10:00:00:00', drop-frame with ';'); null when it has none. */
  timecodeStart: string | null;
  image: TImageInfo | null;
}
