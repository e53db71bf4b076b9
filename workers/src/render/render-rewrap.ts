import path from 'node:path';
import { checkRewrapCompatibility, isPcmCodec, type TRewrapReason, type TRewrapPresetSettings } from '@mam/core';
import { FFMPEG_PREFIX } from '../media/ffmpeg-command';
import { MediaError } from '../media/media-error';
import type { TFfmpegCommand } from '../media/media-task.types';
import { clipPieces, containerArgs, runStep, totalFrames, type RunStepOptions } from './render-command';
import { buildRenderGraph } from './render-graph';
import { renderOutputFormat } from './render-output';
import type { TRenderPlan, TRenderResult } from './render-plan.types';
import {
  concatInputArgs,
  planCopySegment,
  withSegmentDir,
  writeConcatList,
  type TRenderSegment,
} from './render-segments';

/** A rewrap preset's sources cannot be stream-copied; the caller renders with the preset's fallback instead. */
export class RewrapIncompatibleError extends MediaError {
  readonly reasons: TRewrapReason[];

  constructor(reasons: TRewrapReason[]) {
    const text = reasons.map((reason) => reason.message).join('; ');
    super(`The sources cannot be rewrapped: ${text}`, { reason: text });
    this.name = 'RewrapIncompatibleError';
    this.reasons = reasons;
  }
}

export function isRewrapIncompatibleError(error: unknown): error is RewrapIncompatibleError {
  return error instanceof RewrapIncompatibleError;
}

/** Throws RewrapIncompatibleError naming every reason when the plan's sources cannot be stream-copied. */
export function assertRewrappable(plan: TRenderPlan): void {
  const settings = plan.settings as TRewrapPresetSettings;
  const verdict = checkRewrapCompatibility(
    plan.sources.map((source) => ({ source: source.facts, inFrame: source.inFrame, outFrame: source.outFrame })),
    settings.container,
  );
  if (!verdict.compatible) throw new RewrapIncompatibleError(verdict.reasons);
}

// Codecs whose parameter sets travel in the stream, so segments from different encoders join in MPEG-TS.
const inBandCodecs = ['h264', 'hevc', 'mpeg2video'];

/**
 * Joins the copied video; PCM audio is cut at the exact samples by a lossless pass (PCM in, the same PCM out), and
 * compressed audio, which the compatibility check only lets through for whole sources, is copied with its video.
 */
function planRewrapMux(plan: TRenderPlan, list: string, pcm: boolean, codec: string | null): TFfmpegCommand {
  const settings = plan.settings as TRewrapPresetSettings;
  const format = renderOutputFormat(plan);
  const args = [...FFMPEG_PREFIX, '-copyts', ...concatInputArgs(list)];
  if (pcm && codec) {
    const graph = buildRenderGraph(clipPieces(plan), format, { video: false, audio: true, firstInput: 1 });
    args.push(...graph.inputArgs, '-filter_complex', graph.filter, '-map', '0:v', '-c:v', 'copy');
    for (const label of graph.audioLabels) args.push('-map', label);
    args.push('-c:a', codec, '-ar', String(format.sampleRate));
  } else {
    args.push('-map', '0', '-c', 'copy');
  }
  args.push('-timecode', plan.startTimecode, ...containerArgs(settings), plan.outputPath);
  return { args, expectedSeconds: null, pipesStdout: false, paths: [plan.outputPath, list] };
}

/** A rewrap: every clip's GOPs stream-copied into the preset's container, after the compatibility check. */
export async function rewrapSequence(plan: TRenderPlan, options: RunStepOptions): Promise<TRenderResult> {
  assertRewrappable(plan);
  const first = plan.sources[0]!.facts;
  const format = renderOutputFormat(plan);
  const pcm = first.audioCodec !== null && isPcmCodec(first.audioCodec);
  const container = inBandCodecs.includes(first.videoCodec) ? 'mpegts' : 'nut';
  const pieces = clipPieces(plan);
  return withSegmentDir(plan.outputPath, async (dir) => {
    const segments: TRenderSegment[] = [];
    for (const [index, piece] of pieces.entries()) {
      const file = path.join(dir, `segment-${String(index).padStart(4, '0')}.${container === 'nut' ? 'nut' : 'ts'}`);
      await runStep(planCopySegment(piece, file, container, !pcm && first.audioCodec !== null), options);
      options.onProgress?.(((index + 1) / (pieces.length + 1)) * 100);
      segments.push({ file, frames: piece.endFrame - piece.startFrame });
    }
    const list = await writeConcatList(dir, segments, format.rate);
    await runStep(planRewrapMux(plan, list, pcm, first.audioCodec), options);
    const frames = totalFrames(plan);
    return { frames, copiedFrames: frames };
  });
}
