import type { TLiveInputFacts } from '@mam/core';

// Codec names as broadcasters write them; the same in every language.
const codecNames: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC',
  mpeg2video: 'MPEG-2',
  mpeg4: 'MPEG-4',
  av1: 'AV1',
  vp9: 'VP9',
  aac: 'AAC',
  mp2: 'MP2',
  mp3: 'MP3',
  ac3: 'AC-3',
  eac3: 'E-AC-3',
  opus: 'Opus',
  s302m: 'SMPTE 302M',
};

export function codecName(codec: string): string {
  return codecNames[codec] ?? codec.toUpperCase();
}

/** ffprobe's rate ("25/1", "30000/1001") as frames per second with up to two decimals: 25, 29.97. */
export function framesPerSecond(rate: string | null): string | null {
  if (!rate) return null;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  if (!Number.isFinite(value) || value <= 0) return null;
  return String(Math.round(value * 100) / 100);
}

/** Bits per second as kbit/s below one megabit, else Mbit/s with one decimal. */
export function bitRateText(bitRate: number | null): string | null {
  if (!bitRate || bitRate <= 0) return null;
  if (bitRate < 1_000_000) return `${Math.round(bitRate / 1000)} kbit/s`;
  return `${(Math.round(bitRate / 100_000) / 10).toFixed(1)} Mbit/s`;
}

export interface TInputSummary {
  /** "H.264 1280×720", or null without a video stream. */
  video: string | null;
  /** "25 fps". */
  rate: string | null;
  /** "AAC", the codec of the sound; its channel count is given apart for translation. */
  audio: string | null;
  audioChannels: number | null;
  bitRate: string | null;
}

/** What a probed input carries, in short (the page's input column). */
export function inputSummary(facts: TLiveInputFacts): TInputSummary {
  const fps = framesPerSecond(facts.frameRate);
  const video = facts.videoCodec
    ? [codecName(facts.videoCodec), facts.width && facts.height ? `${facts.width}×${facts.height}` : null]
        .filter(Boolean)
        .join(' ')
    : null;
  return {
    video,
    rate: facts.videoCodec && fps ? `${fps} fps` : null,
    audio: facts.audioCodec ? codecName(facts.audioCodec) : null,
    audioChannels: facts.audioCodec ? facts.audioChannels : null,
    bitRate: bitRateText(facts.bitRate),
  };
}
