import type { TAudioInfo } from './media-probe.types';

/** One AAC stream of the playable render: a filter chain from the input's audio streams to ≤ 2 channels. */
export interface TAudioRendition {
  /** Shown to people as the track's name (hls.js audioTracks): 'Track 3', 'Tracks 1+2'. */
  name: string;
  /** ffmpeg stream indices the chain reads, in order. */
  inputs: number[];
  /** filter_complex chain from the inputs' labels ([0:<index>]...) to the given output label. */
  filter(output: string): string;
  channels: 1 | 2;
  /** The rendition players start with; exactly one has it. */
  isDefault: boolean;
}

export interface TAudioPlan {
  /** The stereo (or mono) mix the proxy and the waveform carry: one of `renditions`, the default one. */
  mix: TAudioRendition | null;
  /** Every rendition in the HLS audio group, the mix first. One when the file has one audio track. */
  renditions: TAudioRendition[];
}

const label = (track: TAudioInfo) => `[0:${track.index}]`;

/** A track as it is when it has one or two channels; more are folded to stereo (5.1 by its layout). */
function trackRendition(track: TAudioInfo, number: number): TAudioRendition {
  const channels: 1 | 2 = track.channels === 1 ? 1 : 2;
  let chain = 'anull';
  if (track.channels > 2) {
    // A known layout downmixes with the standard matrix; without one, nothing says which channel is which.
    chain = track.layout ? 'aformat=channel_layouts=stereo' : 'pan=stereo|c0=c0|c1=c1';
  }
  return {
    name: `Track ${number}`,
    inputs: [track.index],
    filter: (output) => `${label(track)}${chain}[${output}]`,
    channels,
    isDefault: false,
  };
}

/**
 * From the probe's audio streams: the mix players hear first, and each track as an alternate. Broadcast files
 * (MXF, MOV) often carry every channel as its own mono track: the first two are the programme's left and right.
 */
export function planAudio(tracks: readonly TAudioInfo[]): TAudioPlan {
  if (tracks.length === 0) return { mix: null, renditions: [] };
  const perTrack = tracks.map((track, i) => trackRendition(track, i + 1));
  const [first, second] = tracks;
  if (first!.channels === 1 && second?.channels === 1) {
    const mix: TAudioRendition = {
      name: 'Tracks 1+2',
      inputs: [first!.index, second.index],
      filter: (output) =>
        `${label(first!)}${label(second)}join=inputs=2:channel_layout=stereo:map=0.0-FL|1.0-FR[${output}]`,
      channels: 2,
      isDefault: true,
    };
    return { mix, renditions: [mix, ...perTrack] };
  }
  const mix = { ...perTrack[0]!, isDefault: true };
  return { mix, renditions: [mix, ...perTrack.slice(1)] };
}
