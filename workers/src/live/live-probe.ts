import type { TLiveInputFacts } from '@mam/core';
import { runProcess } from '../media/run-process';
import type { TLiveInput } from './live-input';

export interface TLiveProbeResult {
  facts: TLiveInputFacts;
  /** One JPEG frame of the current picture, 320 pixels wide; null for a source without video. */
  thumbnail: Buffer | null;
}

interface TProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  bit_rate?: string;
}

const numberOrNull = (text: string | undefined) => (text && Number.isFinite(Number(text)) ? Number(text) : null);

/** ffprobe's JSON as the input facts the console shows. */
export function liveFactsOf(json: string): TLiveInputFacts | null {
  const parsed = JSON.parse(json) as { streams?: TProbeStream[]; format?: { bit_rate?: string } };
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (!video && !audio) return null;
  const rate = video?.avg_frame_rate && video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video?.r_frame_rate;
  const streamRates = streams.map((stream) => numberOrNull(stream.bit_rate)).filter((rate) => rate !== null);
  return {
    videoCodec: video?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    frameRate: rate ?? null,
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? null,
    bitRate:
      numberOrNull(parsed.format?.bit_rate) ?? (streamRates.length ? streamRates.reduce((a, b) => a + b, 0) : null),
  };
}

/**
 * Looks at a live input once: its facts (ffprobe) and one frame (ffmpeg, decoding up to the first picture only).
 * Null when no signal arrives within the input's timeout: the source is offline. Each run is short and niced, so
 * a page that watches a few sources every few seconds costs little CPU.
 */
export async function probeLiveInput(
  input: TLiveInput,
  tools: { ffmpegPath: string; ffprobePath: string },
  options: { timeoutSeconds?: number } = {},
): Promise<TLiveProbeResult | null> {
  const signal = AbortSignal.timeout((options.timeoutSeconds ?? 8) * 1000);
  const base = [...input.inputOptions, '-analyzeduration', '2000000', '-probesize', '2000000', '-i', input.url];
  try {
    const probe = await runProcess(
      tools.ffprobePath,
      ['-v', 'error', ...base, '-show_streams', '-show_format', '-of', 'json'],
      { signal, collectStdout: true },
    );
    const facts = probe.code === 0 ? liveFactsOf(probe.stdout) : null;
    if (!facts) return null;
    if (!facts.videoCodec) return { facts, thumbnail: null };
    const chunks: Buffer[] = [];
    const grab = await runProcess(
      tools.ffmpegPath,
      [
        '-v',
        'error',
        ...base,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        'scale=320:-2',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
      { signal, onStdout: (chunk) => chunks.push(chunk) },
    );
    return { facts, thumbnail: grab.code === 0 && chunks.length ? Buffer.concat(chunks) : null };
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  }
}
