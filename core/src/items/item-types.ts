/**
 * The item types this product stores media for; a sequence's media is a list of ranges of video items; a placeholder
 * stands for media still to come (a central render fills it); a live item is a recording still running (it becomes a
 * video when it stops). Person arrives with its feature.
 */
export const mediaItemTypes = ['video', 'audio', 'image', 'file', 'sequence', 'placeholder', 'live'] as const;
export type MediaItemType = (typeof mediaItemTypes)[number];

/** Per-process states (spec section 4, archive file transfer), used for every background process of an item. */
export const processStates = ['INITIATED', 'PROGRESSING', 'COMPLETE', 'ERROR'] as const;
export type ProcessState = (typeof processStates)[number];

export interface ItemProcess {
  state: ProcessState;
  /** A readable reason when state is ERROR. */
  error: string | null;
  enabled: boolean;
  /** 0..100 while PROGRESSING. */
  progress: number;
  /** The step running now, e.g. 'probe', 'proxy', 'hls'. */
  step: string | null;
}

export function initiatedProcess(enabled = true): ItemProcess {
  return { state: 'INITIATED', error: null, enabled, progress: 0, step: null };
}

/** Upload of a version's original file through tus. */
export interface UploadProgress {
  state: ProcessState;
  receivedBytes: number;
  totalBytes: number | null;
  error: string | null;
  /**
   * An upload of deferred length: the size its latest accepted PATCH may reach, held against the tenant's quota
   * until the bytes are in, so concurrent PATCHes cannot together pass it.
   */
  reservedBytes?: number;
}

/** Technical data of the media, as shown on the item and returned by the REST API. */
export interface ItemMedia {
  durationSeconds: number | null;
  /** 'num/den', e.g. '50/1' or '30000/1001'. */
  frameRate: string | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  audioChannels: number | null;
  sampleRate: number | null;
  container: string | null;
  mimeType: string | null;
  bitRate: number | null;
  timecodeStart: string | null;
  /**
   * Picture and sound in broadcast terms. Optional: versions probed before they were recorded lack them until
   * probed again.
   */
  video?: ItemVideoTechnical | null;
  audioTracks?: ItemAudioTrack[];
  /** HLS segmentation, in the video time scale (spec section 3: numerator and denominator). */
  segmentCount: number | null;
  segmentDuration: { numerator: number; denominator: number } | null;
}

/** The video stream as a broadcast engineer checks it; ffprobe's names for colour ('bt709', 'smpte2084', 'tv'). */
export interface ItemVideoTechnical {
  codec: string;
  profile: string | null;
  pixelFormat: string | null;
  bitDepth: number | null;
  scanType: 'progressive' | 'interlaced' | null;
  fieldOrder: 'progressive' | 'tff' | 'bff' | null;
  colourSpace: string | null;
  colourPrimaries: string | null;
  colourTransfer: string | null;
  colourRange: string | null;
  hdr: 'PQ' | 'HLG' | null;
}

/** One channel's level over the whole track, in dBFS; null is digital silence (-inf). */
export interface ItemChannelLevel {
  peakDb: number | null;
  rmsDb: number | null;
}

/** One audio stream of the file: broadcast files often carry each channel as its own mono track. */
export interface ItemAudioTrack {
  /** ffmpeg's stream index in the file. */
  index: number;
  codec: string;
  sampleRate: number;
  bitDepth: number | null;
  channels: number;
  layout: string | null;
  /** Measured once on ingest, one entry per channel; null when not measured. */
  levels: ItemChannelLevel[] | null;
}

/** What the transcode produced for a version, as keys relative to the version's media folder. */
export interface ItemRenditions {
  proxyMp4?: string;
  hlsMaster?: string;
  /** True while the HLS playlists are EVENT playlists still being written; absent once they end (EXT-X-ENDLIST). */
  hlsGrowing?: boolean;
  thumbnail?: string;
  filmstrip?: { sprite: string; manifest: string };
  waveform?: string;
  previews?: { width: number; height: number; format: string; key: string }[];
}

/** Activity monitor statuses (spec section 4). */
export const operationStatuses = ['pending', 'queued', 'in_progress', 'done', 'error', 'cancelled'] as const;
export type OperationStatus = (typeof operationStatuses)[number];

export const operationKinds = ['upload', 'transcode'] as const;
export type OperationKind = (typeof operationKinds)[number];
