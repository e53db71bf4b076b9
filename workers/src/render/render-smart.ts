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

/** The profile the encoded parts are given: the highest of the copied sources', so one profile covers the file. */
function encodeProfile(parts: readonly TSmartPart[]): string | undefined {
  const ranked = ['baseline', 'main', 'high'];
  const profiles = parts.flatMap((part) =>
    part.copy && part.facts.profile ? [x264Profiles[part.facts.profile]!] : [],
  );
  return profiles.sort((x, y) => ranked.indexOf(y) - ranked.indexOf(x))[0];
}

/** Partial GOPs next to one another (a clip's end and the next clip's start) encoded in one run. */
function planEncodedRun(
  run: readonly TSmartPart[],
  settings: TGenericPresetSettings,
  format: TRenderOutputFormat,
  profile: string | undefined,
  file: string,
) {
  const graph = buildRenderGraph(run, format, { video: true, audio: false });
  const args = [...FFMPEG_PREFIX, '-copyts', ...graph.inputArgs, '-filter_complex', graph.filter];
  args.push('-map', graph.videoLabel!, ...genericVideoArgs(settings, profile), '-fps_mode', 'passthrough');
  args.push('-f', 'mpegts', file);
  const paths = [file, ...run.map((part) => part.path)];
  return { args, expectedSeconds: null, pipesStdout: false, paths } satisfies TFfmpegCommand;
}

/** Consecutive parts of one kind, in output order: each copied part alone, encoded ones together. */
export function groupSmartParts(parts: readonly TSmartPart[]): TSmartPart[][] {
  const groups: TSmartPart[][] = [];
  for (const part of parts) {
    const last = groups.at(-1);
    if (last && !part.copy && !last[0]!.copy) last.push(part);
    else groups.push([part]);
  }
  return groups;
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
    const profile = encodeProfile(parts);
    for (const [index, group] of groupSmartParts(parts).entries()) {
      const file = path.join(dir, `segment-${String(index).padStart(4, '0')}.ts`);
      const command = group[0]!.copy
        ? planCopySegment(group[0]!, file, 'mpegts')
        : planEncodedRun(group, settings, format, profile, file);
      await runStep(command, options);
      for (const part of group) done += weight(part);
      options.onProgress?.((done / totalWeight) * 100);
      segments.push({ file, frames: group.reduce((sum, part) => sum + part.endFrame - part.startFrame, 0) });
    }
    const list = await writeConcatList(dir, segments, format.rate);
    await runStep(planSmartMux(plan, list, format), options);
    const copiedFrames = parts.filter((part) => part.copy).reduce((sum, p) => sum + p.endFrame - p.startFrame, 0);
    return { frames: total, copiedFrames };
  });
}
