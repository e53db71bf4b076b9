import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLiveSource } from '@mam/core';
import { resolveFfmpeg } from '../media/ffmpeg-binaries';
import { LiveNetworks } from './live-endpoint-guard';
import { openLiveInput, type TOpenedLiveInput } from './live-input';
import { probeLiveInput } from './live-probe';
import { freeUdpPort, startUdpFeed, type TUdpFeed } from './testing/udp-feed';

const PASSPHRASE = 'gate-passphrase-0123';

let dir: string;
let feed: TUdpFeed | null = null;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-udp-gate-'));
});
afterEach(async () => {
  await feed?.stop();
  feed = null;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function sourceOf(type: 'srt' | 'udp' | 'rtp', port: number, cidr: string[]): TLiveSource {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-000000000002',
    name: 'Gated feed',
    type,
    mode: 'listener',
    location: `${type}://127.0.0.1:${port}`,
    cidr,
    credentials: type === 'srt' ? { passphrase: PASSPHRASE } : {},
    pipeline: { highRes: 'copy', proxy: true },
    folderId: null,
  };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('close', (code) => resolve(code));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  const done = exited(child);
  child.kill('SIGKILL');
  await done;
}

/** An encoder calling the source's SRT listener, as a contribution encoder would: test pattern, 4 s at real time. */
function srtCaller(ffmpegPath: string, port: number): ChildProcess {
  const args = ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '4'];
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-f', 'mpegts');
  args.push('-passphrase', PASSPHRASE, `srt://127.0.0.1:${port}?mode=caller&connect_timeout=3000`);
  return spawn(ffmpegPath, args, { stdio: 'ignore' });
}

/**
 * What the recorder does with a listening SRT source (through `openLiveInput`), an encoder calling it: the size
 * of 2 s recorded, and the pushes the gate refused.
 */
async function recordSrtThroughGate(cidr: string[]) {
  const { ffmpegPath } = await resolveFfmpeg();
  const port = await freeUdpPort();
  const refused: string[][] = [];
  const input: TOpenedLiveInput = await openLiveInput(sourceOf('srt', port, cidr), {
    networks: new LiveNetworks([]),
    timeoutSeconds: 3,
    onRefused: (reasons) => refused.push([...reasons]),
  });
  const out = path.join(dir, `srt-${port}.ts`);
  const recorder = spawn(
    ffmpegPath,
    ['-v', 'error', ...input.inputOptions, '-i', input.url, '-t', '2', '-c', 'copy', '-f', 'mpegts', '-y', out],
    { stdio: 'ignore' },
  );
  const recorded = exited(recorder);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const caller = srtCaller(ffmpegPath, port);
  const timeout = setTimeout(() => recorder.kill('SIGKILL'), 15_000);
  await recorded;
  clearTimeout(timeout);
  await kill(caller);
  await input.close();
  const size = (await stat(out).catch(() => null))?.size ?? 0;
  return { url: input.url, size, refused };
}

describe('the UDP push gate', () => {
  it('relays an SRT caller inside the source’s ranges, passphrase and all, to ffmpeg behind it', async () => {
    const result = await recordSrtThroughGate(['127.0.0.0/8']);
    // ffmpeg listens on a loopback port of its own, not the source's.
    expect(result.url).toMatch(/^srt:\/\/127\.0\.0\.1:\d+\?mode=listener/);
    expect(result.refused).toEqual([]);
    expect(result.size).toBeGreaterThan(10_000);
  }, 60_000);

  it('drops an SRT caller outside the source’s ranges: nothing reaches ffmpeg, the sender is told once', async () => {
    const result = await recordSrtThroughGate(['10.0.0.0/8']);
    expect(result.refused).toEqual([["127.0.0.1 is not in the source's ranges"]]);
    expect(result.size).toBe(0);
  }, 60_000);

  it('relays a UDP MPEG-TS feed inside the ranges to the probe', async () => {
    const tools = await resolveFfmpeg();
    const port = await freeUdpPort();
    const input = await openLiveInput(sourceOf('udp', port, ['127.0.0.1/32']), {
      networks: new LiveNetworks([]),
      timeoutSeconds: 3,
    });
    feed = startUdpFeed(port, { ffmpegPath: tools.ffmpegPath });
    const live = await probeLiveInput(input, tools, { timeoutSeconds: 15 }).finally(() => input.close());
    expect(input.url).not.toContain(`:${port}`);
    expect(input.url).toContain('localaddr=127.0.0.1');
    expect(live?.facts).toMatchObject({ videoCodec: 'h264', width: 320, height: 180, audioCodec: 'aac' });
    expect(live?.thumbnail?.subarray(0, 2).toString('hex')).toBe('ffd8');
  }, 60_000);

  it('drops a UDP feed outside the ranges: the probe finds the source offline', async () => {
    const tools = await resolveFfmpeg();
    const port = await freeUdpPort();
    const refused: string[][] = [];
    const input = await openLiveInput(sourceOf('udp', port, ['10.0.0.0/8']), {
      networks: new LiveNetworks([]),
      timeoutSeconds: 2,
      onRefused: (reasons) => refused.push([...reasons]),
    });
    feed = startUdpFeed(port, { ffmpegPath: tools.ffmpegPath });
    const live = await probeLiveInput(input, tools, { timeoutSeconds: 6 }).finally(() => input.close());
    expect(live).toBeNull();
    expect(refused).toEqual([["127.0.0.1 is not in the source's ranges"]]);
  }, 60_000);

  it('relays MPEG-TS over RTP inside the ranges (ffmpeg needs no RTCP from the sender for it)', async () => {
    const tools = await resolveFfmpeg();
    const port = await freeUdpPort();
    const input = await openLiveInput(sourceOf('rtp', port, ['127.0.0.1/32']), {
      networks: new LiveNetworks([]),
      timeoutSeconds: 3,
    });
    const args = ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'];
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-f', 'rtp_mpegts', `rtp://127.0.0.1:${port}`);
    const sender = spawn(tools.ffmpegPath, args, { stdio: 'ignore' });
    try {
      const live = await probeLiveInput(input, tools, { timeoutSeconds: 15 }).finally(() => input.close());
      expect(live?.facts).toMatchObject({ videoCodec: 'h264', width: 320, height: 180 });
    } finally {
      await kill(sender);
    }
  }, 60_000);
});
