import type { ItemAudioTrack, ItemMedia, Rational } from '@mam/core';
import type { TAudioLevels } from './measure-audio-levels';
import type { TMediaProbe } from './media-probe.types';

export type TMediaStep =
  'playable' | 'proxy' | 'hls' | 'thumbnail' | 'filmstrip' | 'waveform' | 'imagePreviews' | 'documentThumbnail';

/**
 * The renditions an item of this probe gets, in the order worth making them. Audio and video: the poster (one
 * keyframe, a moment's work), then one decode for the HLS that plays while it grows, the proxy, the filmstrip and
 * the waveform. 'proxy', 'hls', 'filmstrip' and 'waveform' alone are what runs planned before that still render.
 */
export function mediaSteps(probe: TMediaProbe): TMediaStep[] {
  switch (probe.itemType) {
    case 'video':
    case 'audio':
      return ['thumbnail', 'playable'];
    case 'image':
      return ['imagePreviews'];
    case 'file':
      return ['documentThumbnail'];
    case 'sequence':
    case 'placeholder':
    case 'live':
      // A probe never finds these: a sequence's media are its clips' sources, rendered by central render; a
      // placeholder's come from that render or a merge; a live recording makes its own growing proxy and is probed as
      // a video once it stops.
      return [];
  }
}

/** The item's technical data from a probe (and the HLS segmentation once it exists). Sizes are as displayed. */
export function toItemMedia(
  probe: TMediaProbe,
  hls?: { segmentCount: number; segmentDuration: Rational } | null,
  levels?: TAudioLevels | null,
): ItemMedia {
  const { video, audio, image } = probe;
  return {
    durationSeconds: probe.durationSeconds,
    frameRate: video?.frameRate ?? null,
    width: video?.displayWidth ?? image?.displayWidth ?? null,
    height: video?.displayHeight ?? image?.displayHeight ?? null,
    videoCodec: video?.codec ?? null,
    audioCodec: audio?.codec ?? null,
    audioChannels: audio?.channels ?? null,
    sampleRate: audio?.sampleRate ?? null,
    container: probe.format,
    mimeType: probe.mimeType,
    bitRate: probe.bitRate,
    timecodeStart: probe.timecodeStart,
    video: video
      ? {
          codec: video.codec,
          profile: video.profile,
          pixelFormat: video.pixelFormat,
          bitDepth: video.bitDepth,
          scanType: video.scanType,
          fieldOrder: video.fieldOrder,
          colourSpace: video.colourSpace,
          colourPrimaries: video.colourPrimaries,
          colourTransfer: video.colourTransfer,
          colourRange: video.colourRange,
          hdr: video.hdr,
        }
      : null,
    audioTracks: probe.audioTracks.map((track): ItemAudioTrack => ({
      index: track.index,
      codec: track.codec,
      sampleRate: track.sampleRate,
      bitDepth: track.bitDepth,
      channels: track.channels,
      layout: track.layout,
      levels: levels?.get(track.index) ?? null,
    })),
    segmentCount: hls?.segmentCount ?? null,
    segmentDuration: hls?.segmentDuration ?? null,
  };
}
