import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';

/** A free UDP port on loopback (bound, read, released). */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

export interface TUdpFeed {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real live source for tests: ffmpeg sending a test pattern with burnt-in timecode and tone as MPEG-TS over UDP
 * at real time, as a broadcaster's encoder would.
 */
export function startUdpFeed(
  port: number,
  options: {
    ffmpegPath?: string;
    frequency?: number;
    /** Frames from keyframe to keyframe (25: one a second). */ gop?: number;
  } = {},
): TUdpFeed {
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-re'];
  args.push('-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25');
  args.push('-f', 'lavfi', '-i', `sine=frequency=${options.frequency ?? 1000}:sample_rate=48000`);
  args.push('-vf', "drawtext=timecode='10\\:00\\:00\\:00':rate=25:fontcolor=white:x=8:y=8");
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(options.gop ?? 25), '-pix_fmt', 'yuv420p');
  args.push('-c:a', 'aac', '-f', 'mpegts', `udp://127.0.0.1:${port}?pkt_size=1316`);
  const child: ChildProcess = spawn(options.ffmpegPath ?? 'ffmpeg', args, { stdio: 'ignore' });
  return {
    url: `udp://127.0.0.1:${port}?timeout=3000000&overrun_nonfatal=1&fifo_size=50000`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
