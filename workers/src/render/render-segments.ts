import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameRate } from '@mam/core';
import { FFMPEG_PREFIX, fileUrl } from '../media/ffmpeg-command';
import type { TFfmpegCommand } from '../media/media-task.types';
import type { TRenderPiece } from './render-graph';

/** A part of the output written on its own and joined with the others by the concat demuxer. */
export interface TRenderSegment {
  file: string;
  frames: number;
}

/**
 * Stream-copies whole GOPs: seeks to the piece's first frame (a closed-GOP keyframe, so the demuxer lands exactly
 * there) and copies as many packets as the piece has frames. Closed GOPs hold all their frames between one keyframe
 * and the next in decode order too, so those packets are exactly the piece's frames.
 */
export function planCopySegment(piece: TRenderPiece, file: string, format: string, withAudio = false): TFfmpegCommand {
  const { facts, startFrame, endFrame } = piece;
  const pts = facts.framePts;
  const whole = startFrame === 0 && endFrame === facts.frameCount;
  // Half a frame past the keyframe: the demuxer seeks to the last keyframe at or before, whatever the rounding.
  const next = pts[startFrame + 1] ?? pts[startFrame]! + 0.04;
  const seek = pts[startFrame]! + (next - pts[startFrame]!) / 2 - facts.formatStartSeconds;
  const args = [...FFMPEG_PREFIX, ...(whole ? [] : ['-ss', seek.toFixed(6)]), '-i', fileUrl(piece.path)];
  args.push('-map', `0:${facts.videoStreamIndex}`);
  if (withAudio) for (const stream of facts.audioStreams) args.push('-map', `0:${stream.index}`);
  args.push('-c', 'copy', ...(whole ? [] : ['-frames:v', String(endFrame - startFrame)]), '-f', format, file);
  return { args, expectedSeconds: null, pipesStdout: false, paths: [file, piece.path] };
}

const quoted = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;

/**
 * The concat demuxer's list. Each segment's duration is stated (frames / rate) rather than taken from the file, so
 * segment n starts exactly where the frames before it end.
 */
export async function writeConcatList(dir: string, segments: readonly TRenderSegment[], rate: FrameRate) {
  const lines = ['ffconcat version 1.0'];
  for (const segment of segments) {
    lines.push(
      `file ${quoted(segment.file)}`,
      `duration ${((segment.frames * rate.denominator) / rate.numerator).toFixed(6)}`,
    );
  }
  const list = path.join(dir, 'segments.ffconcat');
  await writeFile(list, `${lines.join('\n')}\n`);
  return list;
}

export function concatInputArgs(list: string): string[] {
  return ['-f', 'concat', '-safe', '0', '-i', fileUrl(list)];
}

/** Segments are written beside the output (same disk, no copy at the end) and removed however the render ends. */
export async function withSegmentDir<T>(outputPath: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(path.dirname(outputPath), '.render-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export { FFMPEG_PREFIX };
