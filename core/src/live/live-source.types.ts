/** Source types a broadcaster has (issue 25): SRT, RTMP, MPEG-TS over UDP or RTP, and HLS. */
export const liveSourceTypes = ['srt', 'rtmp', 'udp', 'rtp', 'hls'] as const;
export type TLiveSourceType = (typeof liveSourceTypes)[number];

/**
 * Who opens the connection. caller/pull: the server connects to the location. listener/push: the server waits at
 * the location (a local address) and the feed is sent to it.
 */
export const liveSourceModes = ['caller', 'listener', 'push', 'pull'] as const;
export type TLiveSourceMode = (typeof liveSourceModes)[number];

/** The modes each type has; the first is the one a source gets when none is named. */
export const liveSourceModesByType: Record<TLiveSourceType, readonly TLiveSourceMode[]> = {
  srt: ['caller', 'listener'],
  rtmp: ['push', 'pull'],
  udp: ['listener'],
  rtp: ['listener'],
  hls: ['pull'],
};

/** What a recording produces: the high res as received (stream copy) or rendered with a preset, and always a proxy. */
export interface TLiveSourcePipeline {
  highRes: 'copy' | { presetId: string };
  proxy: true;
  /** The upload location its recordings' high res is rendered to (the cloud render location); null: the default. */
  renderLocationId?: string | null;
}

/**
 * Write-only secrets: the SRT passphrase (both modes), the RTMP stream key a pusher must name, and the user name and
 * password of a pulled RTMP or HLS address.
 */
export interface TLiveSourceCredentials {
  passphrase?: string;
  streamKey?: string;
  username?: string;
  password?: string;
}

/** A source as the recorder and the probe need it (credentials opened); never sent to a client. */
export interface TLiveSource {
  id: string;
  tenantId: string;
  name: string;
  type: TLiveSourceType;
  mode: TLiveSourceMode;
  location: string;
  /** Push sources: the sender's address must be in one of these ranges. */
  cidr: string[];
  credentials: TLiveSourceCredentials;
  pipeline: TLiveSourcePipeline;
  /** Where recordings of this source are filed; null: the tenant's root folder. */
  folderId: string | null;
}

/** What the input looked like at the last probe (ffprobe's facts). */
export interface TLiveInputFacts {
  videoCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: string | null;
  audioCodec: string | null;
  audioChannels: number | null;
  bitRate: number | null;
}

export type TLiveSourceState = 'ready' | 'recording' | 'offline';
