import path from 'node:path';
import type { TGenericPresetSettings } from '@mam/core';
import { FFMPEG_PREFIX } from '../media/ffmpeg-command';
import type { TFfmpegCommand } from '../media/media-task.types';
import { clipPieces, containerArgs, runStep, totalFrames, type RunStepOptions } from './render-command';
import { genericAudioArgs, genericVideoArgs, x264Profiles } from './render-encoders';
import { buildRenderGraph, type TRenderPiece } from './render-graph';
import { renderOutputFormat, type TRenderOutputFormat } from './render-output';
import type { TRenderPlan, TRenderResult, TRenderSourceFacts } from './render-plan.types';
import {
  concatInputArgs,
  planCopySegment,
  withSegmentDir,
  writeConcatList,
  type TRenderSegment,
} from './render-segments';

export type TSmartPart = TRenderPiece & { copy: boolean };

/** A source whose coded frames can stand in the output as they are: same codec, profile, size, rate and pixels. */
export function matchesOutput(facts: TRenderSourceFacts, format: TRenderOutputFormat): boolean {
  return (
    facts.videoCodec === 'h264' &&
    facts.profile !== null &&
    x264Profiles[facts.profile] !== undefined &&
    facts.pixelFormat === format.pixelFormat &&
    facts.width === format.width &&
    facts.height === format.height &&
    facts.frameRate === `${format.rate.numerator}/${format.rate.denominator}` &&
    (facts.fieldOrder === 'progressive' || facts.fieldOrder === null)
  );
}

/**
 * Splits a clip into the partial GOP at its start (encoded), the whole closed GOPs inside it (copied) and the
 * partial GOP at its end (encoded). A clip with no whole GOP inside is encoded as it is.
 */
export function splitClip(piece: TRenderPiece, copyable: boolean): TSmartPart[] {
  const { facts, startFrame, endFrame } = piece;
  const whole: TSmartPart[] = [{ ...piece, copy: false }];
  if (!copyable) return whole;
  const boundaries = [...facts.cleanKeyframes, facts.frameCount];
  const copyStart = boundaries.find((frame) => frame >= startFrame);
  const copyEnd = [...boundaries].reverse().find((frame) => frame <= endFrame);
  if (copyStart === undefined || copyEnd === undefined || copyEnd <= copyStart) return whole;
  const parts: TSmartPart[] = [];
  if (startFrame < copyStart) parts.push({ ...piece, endFrame: copyStart, copy: false });
  parts.push({ ...piece, startFrame: copyStart, endFrame: copyEnd, copy: true });
  if (copyEnd < endFrame) parts.push({ ...piece, startFrame: copyEnd, copy: false });
  return parts;
}

export function planSmartParts(plan: TRenderPlan): TSmartPart[] {
  const format = renderOutputFormat(plan);
  return clipPieces(plan).flatMap((piece) => splitClip(piece, matchesOutput(piece.facts, format)));
}

export function smartRenderApplies(plan: TRenderPlan): boolean {
  return plan.settings.mode === 'generic' && planSmartParts(plan).some((part) => part.copy);
}

/** A partial GOP re-encoded alone, with the source's H.264 profile so that it joins the copied GOPs. */
function planEncodedPart(
  part: TSmartPart,
  settings: TGenericPresetSettings,
  format: TRenderOutputFormat,
  file: string,
) {
  const graph = buildRenderGraph([part], format, { video: true, audio: false });
  const profile = part.facts.profile ? x264Profiles[part.facts.profile] : undefined;
  const args = [...FFMPEG_PREFIX, '-copyts', ...graph.inputArgs, '-filter_complex', graph.filter];
  args.push('-map', graph.videoLabel!, ...genericVideoArgs(settings, profile), '-fps_mode', 'passthrough');
  args.push('-f', 'mpegts', file);
  return { args, expectedSeconds: null, pipesStdout: false, paths: [file, part.path] } satisfies TFfmpegCommand;
}

/** Joins the video segments without touching them and encodes the audio of every clip alongside. */
function planSmartMux(plan: TRenderPlan, list: string, format: TRenderOutputFormat): TFfmpegCommand {
  const settings = plan.settings as TGenericPresetSettings;
  const graph = buildRenderGraph(clipPieces(plan), format, { video: false, audio: true, firstInput: 1 });
  const args = [...FFMPEG_PREFIX, '-copyts', ...concatInputArgs(list), ...graph.inputArgs];
  args.push('-filter_complex', graph.filter, '-map', '0:v', '-c:v', 'copy');
  for (const label of graph.audioLabels) args.push('-map', label);
  args.push(...genericAudioArgs(settings), '-ar', String(format.sampleRate));
  args.push('-timecode', plan.startTimecode, ...containerArgs(settings), plan.outputPath);
  return { args, expectedSeconds: null, pipesStdout: false, paths: [plan.outputPath, list] };
}

/**
 * Smart render: copies the GOPs that already match the output and encodes only the partial GOPs at the cuts, then
 * joins them. The result is frame for frame what a full render gives, at a fraction of the encoding.
 */
export async function smartRender(plan: TRenderPlan, options: RunStepOptions): Promise<TRenderResult> {
  const settings = plan.settings as TGenericPresetSettings;
  const format = renderOutputFormat(plan);
  const parts = planSmartParts(plan);
  const total = totalFrames(plan);
  // Encoding a frame costs far more than copying one; the weights only shape the progress bar.
  const weight = (part: TSmartPart) => (part.endFrame - part.startFrame) * (part.copy ? 0.05 : 1);
  const totalWeight = parts.reduce((sum, part) => sum + weight(part), 0) * 1.1;
  let done = 0;
  return withSegmentDir(plan.outputPath, async (dir) => {
    const segments: TRenderSegment[] = [];
    for (const [index, part] of parts.entries()) {
      const file = path.join(dir, `segment-${String(index).padStart(4, '0')}.ts`);
      const command = part.copy ? planCopySegment(part, file, 'mpegts') : planEncodedPart(part, settings, format, file);
      await runStep(command, options);
      done += weight(part);
      options.onProgress?.((done / totalWeight) * 100);
      segments.push({ file, frames: part.endFrame - part.startFrame });
    }
    const list = await writeConcatList(dir, segments, format.rate);
    await runStep(planSmartMux(plan, list, format), options);
    const copiedFrames = parts.filter((part) => part.copy).reduce((sum, p) => sum + p.endFrame - p.startFrame, 0);
    return { frames: total, copiedFrames };
  });
}
