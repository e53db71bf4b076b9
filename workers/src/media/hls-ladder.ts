import { TIME_SCALE, type Rational } from '@mam/core';
import { even } from './media-geometry';
import { rateValue } from './ffprobe-output';

export interface THlsRung {
  /** The short side of the picture: 1080 for 1920×1080 and for a 1080×1920 phone video alike. */
  lines: number;
  /** Video bit rate in kb/s at up to 30 frames per second. */
  videoKbps: number;
}

export const DEFAULT_HLS_RUNGS: readonly THlsRung[] = [
  { lines: 1080, videoKbps: 5000 },
  { lines: 720, videoKbps: 2800 },
  { lines: 360, videoKbps: 800 },
];

export const AUDIO_KBPS = 128;

export interface THlsVariantPlan {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

/**
 * The rungs at or below the source, top first, never enlarged. A source smaller than the lowest rung gets one rung
 * at its own size. Frame rates above 30 need more bits for the same look, so they get half as much again.
 */
export function chooseHlsLadder(
  displayWidth: number,
  displayHeight: number,
  frameRate: string | null,
  rungs: readonly THlsRung[] = DEFAULT_HLS_RUNGS,
): THlsVariantPlan[] {
  const shortSide = Math.min(displayWidth, displayHeight);
  const landscape = displayWidth >= displayHeight;
  const highRate = frameRate !== null && rateValue(frameRate) > 31;
  const sized = (lines: number, kbps: number): THlsVariantPlan => {
    const short = Math.max(2, Math.floor(lines / 2) * 2);
    const longSide = even((Math.max(displayWidth, displayHeight) * short) / shortSide);
    return {
      name: `${short}p`,
      width: landscape ? longSide : short,
      height: landscape ? short : longSide,
      videoKbps: Math.round(highRate ? kbps * 1.5 : kbps),
    };
  };
  const sorted = [...rungs].sort((a, b) => b.lines - a.lines);
  const fitting = sorted.filter((rung) => rung.lines <= shortSide);
  const ladder = fitting.map((rung) => sized(rung.lines, rung.videoKbps));
  const top = fitting[0];
  // A source well between two rungs (576-line SD between 720 and 360) also gets a rung at its own size, so the best
  // variant is not much worse than the source; bits scale with the pixel count from the rung below.
  if (!top || (shortSide > top.lines * 1.2 && shortSide < sorted[0]!.lines)) {
    const below = top ?? sorted[sorted.length - 1]!;
    const kbps = Math.max(200, Math.round(below.videoKbps * (shortSide / below.lines) ** 2));
    ladder.unshift(sized(shortSide, kbps));
  }
  return ladder;
}

export interface TSegmentPlan {
  /** The real length of a full segment in seconds: a whole number of frames. */
  seconds: number;
  /** Frames per segment (one GOP); null when the frame rate is unknown or there is no video. */
  gopFrames: number | null;
  /** ffmpeg's -hls_time, in whole microseconds, never above the real length, so each cut lands on its keyframe. */
  hlsTime: string;
  /** Keyframe times; half a frame early, so rounding in `t` cannot push one a frame late. */
  forceKeyFrames: string | null;
  /** The segment length in the video time scale (spec section 3: media.segmentDuration). */
  duration: Rational;
}

/**
 * Segments of whole frames: 6 s at 50 fps is 300 frames, at 29.97 it is 180 frames = 6.006 s. Each segment starts
 * with a forced keyframe at the same frame in every variant, so players switch variants cleanly.
 */
export function planSegments(targetSeconds: number, frameRate: string | null): TSegmentPlan {
  if (!(targetSeconds > 0)) throw new RangeError(`Segment duration must be positive, got ${targetSeconds}`);
  const fps = frameRate ? rateValue(frameRate) : null;
  const gopFrames = fps ? Math.max(1, Math.round(targetSeconds * fps)) : null;
  const seconds = fps && gopFrames ? gopFrames / fps : targetSeconds;
  const micros = Math.floor(seconds * 1e6 + 1e-6);
  const halfFrame = fps ? 0.5 / fps : 0;
  return {
    seconds,
    gopFrames,
    hlsTime: (micros / 1e6).toFixed(6),
    forceKeyFrames: fps ? `expr:gte(t,n_forced*${seconds.toFixed(9)}-${halfFrame.toFixed(9)})` : null,
    duration: { numerator: Math.round(seconds * TIME_SCALE), denominator: TIME_SCALE },
  };
}

/** Segments listed in a media playlist. */
export function countSegments(playlist: string): number {
  return playlist.split(/\r?\n/).filter((line) => line.startsWith('#EXTINF:')).length;
}

/** The master playlist, for ffmpeg builds that do not write one (the bundled 2018 static build writes it empty). */
export function masterPlaylist(
  variants: Array<{ playlist: string; bandwidth: number; width: number | null; height: number | null }>,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const variant of variants) {
    const resolution = variant.width && variant.height ? `,RESOLUTION=${variant.width}x${variant.height}` : '';
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${variant.bandwidth}${resolution}`, variant.playlist);
  }
  return `${lines.join('\n')}\n`;
}
