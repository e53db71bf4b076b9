import type { TRenderPresetSettings, TRewrapSourceFacts } from '@mam/core';
import type { TFfmpegBinaries } from '../media/ffmpeg-binaries';

/** A source as the render engine needs it: the rewrap facts plus where every frame lies in time. */
export interface TRenderSourceFacts extends TRewrapSourceFacts {
  /** ffmpeg's index of the video stream that is rendered. */
  videoStreamIndex: number;
  /** Presentation time in seconds of every video frame in display order, as ffmpeg's demuxer stamps it. */
  framePts: number[];
  /** Every keyframe (display-order frame number); `cleanKeyframes` are those a stream copy may start at. */
  keyframes: number[];
  /** The container's start time in seconds: ffmpeg's `-ss` counts from it. */
  formatStartSeconds: number;
  /** Audio streams in file order; their channels follow one another (a broadcast file's mono tracks). */
  audioStreams: Array<{ index: number; channels: number }>;
}

export interface TRenderSource {
  /** A local file. */
  path: string;
  /** First frame of the range, counted from the media's first frame. */
  inFrame: number;
  /** Exclusive. */
  outFrame: number;
  facts: TRenderSourceFacts;
}

export interface TRenderPlan {
  sources: TRenderSource[];
  settings: TRenderPresetSettings;
  /** 'HH:MM:SS:FF' of the output's first frame. */
  startTimecode: string;
  outputPath: string;
}

export interface TRenderOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  binaries?: TFfmpegBinaries;
  /** Generic mode stream-copies the GOPs that already match the output unless this is false. */
  smart?: boolean;
}

export interface TRenderResult {
  /** Frames written: the sum of the ranges. */
  frames: number;
  /** Frames stream-copied by smart render or rewrap; the rest were encoded. */
  copiedFrames: number;
}
