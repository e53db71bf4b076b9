import path from 'node:path';
import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { runProcess, summariseLog } from '../../media/run-process';

export interface RenderSourceOptions {
  fileName: string;
  seconds: number;
  width?: number;
  height?: number;
  /** A negated picture, so that two sources' frame n differ. */
  negate?: boolean;
  /** GOP length in frames; x264 closes its GOPs. */
  gop?: number;
  audioChannels?: number;
  /** PCM so that a test can compare samples exactly; AAC as cameras and phones write. */
  audioCodec?: 'pcm_s16le' | 'aac';
  /** Extra x264 options, e.g. 'open-gop=1'. */
  x264Params?: string;
  /** x264's preset; ultrafast (the default) makes no open GOPs even when asked. */
  preset?: 'ultrafast' | 'veryfast';
}

/**
 * A render source made at test time: testsrc2 (a frame counter and moving patterns, so neighbouring frames differ)
 * in H.264 with B-frames, and seeded white noise as audio (any shift of a sample shows).
 */
export async function makeRenderSource(dir: string, options: RenderSourceOptions): Promise<string> {
  const { width = 320, height = 180, gop = 25, audioChannels = 2, audioCodec = 'pcm_s16le' } = options;
  const file = path.join(dir, options.fileName);
  const { ffmpegPath } = await resolveFfmpeg();
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${options.seconds}`,
  ];
  args.push('-f', 'lavfi', '-i', `anoisesrc=r=48000:a=0.3:seed=${options.negate ? 7 : 3}:d=${options.seconds}`);
  if (options.negate) args.push('-vf', 'negate');
  const x264 = ['-c:v', 'libx264', '-preset', options.preset ?? 'ultrafast', '-tune', 'fastdecode'];
  args.push(...x264, '-pix_fmt', 'yuv420p', '-profile:v', 'high');
  args.push('-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-bf', '3');
  // ultrafast turns B-frames off; they are what makes cutting H.264 hard, so they are put back.
  args.push('-x264-params', ['bframes=3', 'b-pyramid=normal', options.x264Params].filter(Boolean).join(':'));
  args.push('-ac', String(audioChannels), '-c:a', audioCodec, file);
  const exit = await runProcess(ffmpegPath, args);
  if (exit.code !== 0) throw new Error(`render fixture failed: ${summariseLog(exit.log)}`);
  return file;
}
