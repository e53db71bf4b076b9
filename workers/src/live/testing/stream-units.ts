import { createHash } from 'node:crypto';
import { resolveFfmpeg } from '../../media/ffmpeg-binaries';
import { runProcess, summariseLog } from '../../media/run-process';

/** What ffmpeg writes to its standard output for these arguments (the output is `-`). */
export async function ffmpegOut(args: string[]): Promise<Buffer> {
  const { ffmpegPath } = await resolveFfmpeg();
  const chunks: Buffer[] = [];
  const exit = await runProcess(ffmpegPath, ['-hide_banner', '-v', 'error', ...args, '-'], {
    onStdout: (chunk) => chunks.push(chunk),
  });
  if (exit.code !== 0) throw new Error(summariseLog(exit.log));
  return Buffer.concat(chunks);
}

/** Each video packet's size and hash as a stream copy hands them on (framemd5's size and hash columns). */
export async function videoPackets(input: string[]): Promise<string[]> {
  const text = (await ffmpegOut([...input, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5'])).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').slice(4, 6).join(',').trim());
}

/**
 * The hash of each H.264 NAL unit, in order. MP4 frames them by length and MPEG-TS by start codes (whose length
 * varies), so packets of the two never compare byte for byte; their NAL units do. Equal units mean the picture was
 * copied, not encoded again.
 */
export async function h264Units(input: string[]): Promise<string[]> {
  const stream = await ffmpegOut([...input, '-map', '0:v:0', '-c', 'copy', '-f', 'h264']);
  const units: string[] = [];
  let start = -1;
  const push = (end: number) => {
    let last = end;
    while (last > start && stream[last - 1] === 0) last -= 1;
    if (start >= 0 && last > start) units.push(createHash('md5').update(stream.subarray(start, last)).digest('hex'));
  };
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      push(i);
      start = i + 3;
      i += 2;
    }
  }
  push(stream.length);
  return units;
}
