import type { TRenderPresetSettings } from '@mam/core';
import { FFMPEG_PREFIX, runFfmpeg } from '../media/ffmpeg-command';
import type { TFfmpegBinaries } from '../media/ffmpeg-binaries';
import type { TFfmpegCommand } from '../media/media-task.types';
import { MediaError } from '../media/media-error';
import {
  advancedEncoderArgs,
  broadcastAudioArgs,
  broadcastVideoArgs,
  containerFormats,
  genericAudioArgs,
  genericVideoArgs,
} from './render-encoders';
import { buildRenderGraph, type TRenderPiece } from './render-graph';
import { renderOutputFormat, type TRenderOutputFormat } from './render-output';
import type { TRenderPlan } from './render-plan.types';

/** Container options: where the output goes, and MP4/MOV's index in front so that it plays while downloading. */
export function containerArgs(settings: TRenderPresetSettings): string[] {
  switch (settings.mode) {
    case 'generic':
      return ['-movflags', '+faststart', '-f', 'mp4'];
    case 'broadcast':
      return ['-f', 'mxf'];
    case 'advanced':
    case 'rewrap': {
      const format = containerFormats[settings.container];
      return format === 'mp4' || format === 'mov' ? ['-movflags', '+faststart', '-f', format] : ['-f', format];
    }
  }
}

function encoderArgs(
  settings: TRenderPresetSettings,
  format: TRenderOutputFormat,
): { video: string[]; audio: string[] } {
  const audioFormat = ['-ar', String(format.sampleRate)];
  switch (settings.mode) {
    case 'generic':
      return { video: genericVideoArgs(settings), audio: [...genericAudioArgs(settings), ...audioFormat] };
    case 'broadcast':
      return { video: broadcastVideoArgs(settings), audio: broadcastAudioArgs() };
    case 'advanced': {
      const args = advancedEncoderArgs(settings);
      return { video: [...args.video, '-pix_fmt', format.pixelFormat], audio: [...args.audio, ...audioFormat] };
    }
    case 'rewrap':
      throw new MediaError('A rewrap copies streams; it has no encoder', { reason: 'rewrap has no encoder' });
  }
}

export function clipPieces(plan: TRenderPlan): TRenderPiece[] {
  return plan.sources.map((source) => ({
    path: source.path,
    facts: source.facts,
    startFrame: source.inFrame,
    endFrame: source.outFrame,
  }));
}

export function totalFrames(plan: TRenderPlan): number {
  return plan.sources.reduce((sum, source) => sum + source.outFrame - source.inFrame, 0);
}

/**
 * The whole sequence in one ffmpeg: every clip decoded from its range, brought to the output format, joined and
 * encoded. Also what the benchmark runs bare, and the reference a smart render is measured against.
 */
export function planFullRender(plan: TRenderPlan): TFfmpegCommand {
  const format = renderOutputFormat(plan);
  const graph = buildRenderGraph(clipPieces(plan), format, { video: true, audio: true });
  const encoders = encoderArgs(plan.settings, format);
  const args = [...FFMPEG_PREFIX, '-copyts', ...graph.inputArgs, '-filter_complex', graph.filter];
  args.push('-map', graph.videoLabel!, ...encoders.video);
  for (const label of graph.audioLabels) args.push('-map', label);
  if (graph.audioLabels.length) args.push(...encoders.audio);
  args.push('-fps_mode', 'passthrough', '-timecode', plan.startTimecode, ...containerArgs(plan.settings));
  args.push(plan.outputPath);
  const seconds = (totalFrames(plan) * format.rate.denominator) / format.rate.numerator;
  return {
    args,
    expectedSeconds: seconds,
    pipesStdout: false,
    paths: [plan.outputPath, ...plan.sources.map((source) => source.path)],
  };
}

export interface RunStepOptions {
  binaries: TFfmpegBinaries;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export function runStep(command: TFfmpegCommand, options: RunStepOptions): Promise<void> {
  return runFfmpeg(command, { ...options, reportDone: false });
}
