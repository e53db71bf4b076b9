import { resolveFfmpeg, type TFfmpegBinaries } from '../media/ffmpeg-binaries';
import { fileUrl } from '../media/ffmpeg-command';
import { MediaError } from '../media/media-error';
import { probeMedia } from '../media/probe-media';
import { runProcess, summariseLog } from '../media/run-process';
import { indexFrames, parsePacketCsv, type TCodedPacket } from './frame-index';
import type { TRenderSourceFacts } from './render-plan.types';

export interface ProbeRenderSourceOptions {
  binaries?: TFfmpegBinaries;
  signal?: AbortSignal;
}

async function ffprobeText(binaries: TFfmpegBinaries, args: string[], file: string, signal?: AbortSignal) {
  const exit = await runProcess(binaries.ffprobePath, ['-v', 'error', ...args, fileUrl(file)], {
    collectStdout: true,
    signal,
  });
  if (exit.code !== 0) {
    const reason = summariseLog(exit.log, [file]) || `ffprobe exited with code ${exit.code}`;
    throw new MediaError(`The media could not be read: ${reason}`, { reason });
  }
  return exit.stdout;
}

/**
 * The video's packets in decode order. Reading packets needs no decoding; a file whose packets carry no times
 * (some MXF without an index) is decoded instead, and then no keyframe counts as a safe place to start a copy.
 */
async function codedPackets(binaries: TFfmpegBinaries, file: string, streamIndex: number, signal?: AbortSignal) {
  const packets = parsePacketCsv(
    await ffprobeText(
      binaries,
      ['-select_streams', String(streamIndex), '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0'],
      file,
      signal,
    ),
  );
  if (packets) return { packets, decoded: false };
  const frames = await ffprobeText(
    binaries,
    ['-select_streams', String(streamIndex), '-show_entries', 'frame=pts_time,key_frame', '-of', 'csv=p=0'],
    file,
    signal,
  );
  const decoded: TCodedPacket[] = frames
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [time, key] = line.trim().split(',');
      return { pts: Number(time), keyframe: key === '1' };
    });
  return { packets: decoded, decoded: true };
}

/** Probes a source for rendering: its coding (for smart render and rewrap) and where each frame and GOP is. */
export async function probeRenderSource(
  file: string,
  options: ProbeRenderSourceOptions = {},
): Promise<TRenderSourceFacts> {
  const binaries = options.binaries ?? (await resolveFfmpeg());
  const probe = await probeMedia(file, { binaries, signal: options.signal });
  const video = probe.video;
  if (!video) throw new MediaError('The media has no video to render', { reason: 'no video stream' });
  const { packets, decoded } = await codedPackets(binaries, file, video.index, options.signal);
  const index = indexFrames(packets);
  const startText = await ffprobeText(binaries, ['-show_entries', 'format=start_time', '-of', 'csv=p=0'], file);
  const audio = probe.audioTracks[0] ?? null;
  return {
    videoCodec: video.codec,
    profile: video.profile,
    pixelFormat: video.pixelFormat,
    width: video.width,
    height: video.height,
    frameRate: video.frameRate,
    fieldOrder: video.fieldOrder,
    audioCodec: audio?.codec ?? null,
    sampleRate: audio?.sampleRate ?? null,
    channels: probe.audioTracks.reduce((sum, track) => sum + track.channels, 0) || null,
    frameCount: index.framePts.length,
    videoStreamIndex: video.index,
    framePts: index.framePts,
    keyframes: index.keyframes,
    cleanKeyframes: decoded ? [] : index.cleanKeyframes,
    formatStartSeconds: Number(startText.trim()) || 0,
    audioStreams: probe.audioTracks.map((track) => ({ index: track.index, channels: track.channels })),
  };
}
