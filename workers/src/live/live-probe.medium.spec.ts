import { spawn, type ChildProcess } from 'node:child_process';
import type { TLiveSource } from '@mam/core';
import { resolveFfmpeg } from '../media/ffmpeg-binaries';
import { LiveNetworks } from './live-endpoint-guard';
import { liveInputFor } from './live-input';
import { probeLiveInput } from './live-probe';

const PORT = 45600 + (process.pid % 200);

const source: TLiveSource = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  name: 'Loopback feed',
  type: 'udp',
  mode: 'listener',
  location: `udp://127.0.0.1:${PORT}`,
  cidr: [],
  credentials: {},
  pipeline: { highRes: 'copy', proxy: true },
  folderId: null,
};

/** A real MPEG-TS feed over UDP on loopback, as an encoder would send it: test pattern and tone. */
function startFeed(ffmpegPath: string): ChildProcess {
  return spawn(
    ffmpegPath,
    [
      '-v',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=1000:sample_rate=48000',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '25',
      '-c:a',
      'aac',
      '-ac',
      '2',
      '-f',
      'mpegts',
      `udp://127.0.0.1:${PORT}?pkt_size=1316`,
    ],
    { stdio: 'ignore' },
  );
}

describe('probing a live UDP source', () => {
  let feed: ChildProcess | null = null;
  afterEach(() => {
    feed?.kill('SIGKILL');
    feed = null;
  });

  it('finds it ready with its input facts and a picture, and offline once the feed stops', async () => {
    const tools = await resolveFfmpeg();
    const input = await liveInputFor(source, { networks: new LiveNetworks([]), timeoutSeconds: 3 });
    expect(input.url).toContain('overrun_nonfatal=1');
    feed = startFeed(tools.ffmpegPath);

    const live = await probeLiveInput(input, tools, { timeoutSeconds: 15 });
    expect(live?.facts).toMatchObject({
      videoCodec: 'h264',
      width: 320,
      height: 180,
      frameRate: '25/1',
      audioCodec: 'aac',
      audioChannels: 2,
    });
    // A JPEG: starts with the SOI marker.
    expect(live?.thumbnail?.subarray(0, 2).toString('hex')).toBe('ffd8');

    feed.kill('SIGKILL');
    feed = null;
    expect(await probeLiveInput(input, tools, { timeoutSeconds: 8 })).toBeNull();
  }, 60_000);
});
