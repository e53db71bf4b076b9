import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../media/ffmpeg-binaries';
import { LiveNetworks } from './live-endpoint-guard';
import { openRtmpPushGate, publishedStreamName } from './rtmp-push-gate';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mam-rtmp-gate-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

/** ffmpeg listening behind the gate as the recorder does, and an encoder pushing 2 s to the gate with `key`. */
async function pushThrough(allowed: string[], key: string) {
  const { ffmpegPath } = await resolveFfmpeg();
  const port = await freePort();
  const gate = await openRtmpPushGate({
    host: '127.0.0.1',
    port,
    allowed: new LiveNetworks(allowed),
    streamKey: 'secret',
  });
  const out = path.join(dir, `${key}-${port}.ts`);
  const listener = spawn(
    ffmpegPath,
    ['-v', 'error', '-listen', '1', '-timeout', '8', '-i', `rtmp://127.0.0.1:${gate.innerPort}/live/secret`].concat([
      '-c',
      'copy',
      '-f',
      'mpegts',
      '-y',
      out,
    ]),
    { stdio: 'ignore' },
  );
  const listening = exited(listener);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const pusher = spawn(
    ffmpegPath,
    ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '2'].concat([
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-f',
      'flv',
      `rtmp://127.0.0.1:${port}/live/${key}`,
    ]),
    { stdio: 'ignore' },
  );
  await exited(pusher);
  const timeout = setTimeout(() => listener.kill('SIGKILL'), 10_000);
  await listening;
  clearTimeout(timeout);
  await gate.close();
  const size = (await stat(out).catch(() => null))?.size ?? 0;
  return { size, refusals: gate.refusals };
}

describe('the RTMP push gate', () => {
  it('lets a sender in the source’s ranges with the stream key through to ffmpeg', async () => {
    const result = await pushThrough(['127.0.0.1/32'], 'secret');
    expect(result.refusals).toEqual([]);
    expect(result.size).toBeGreaterThan(10_000);
  }, 60_000);

  it('cuts a push with another stream key before ffmpeg records any of it', async () => {
    const result = await pushThrough(['127.0.0.1/32'], 'guessed');
    expect(result.refusals).toEqual(['127.0.0.1 published with a wrong stream key']);
    expect(result.size).toBe(0);
  }, 60_000);

  it('cuts a sender outside the source’s ranges at once', async () => {
    const result = await pushThrough(['10.0.0.0/8'], 'secret');
    expect(result.refusals).toEqual(["127.0.0.1 is not in the source's ranges"]);
    expect(result.size).toBe(0);
  }, 60_000);
});

describe('publishedStreamName', () => {
  const publish = (name: string) =>
    Buffer.concat([
      Buffer.from([0x02, 0x00, 0x07]),
      Buffer.from('publish'),
      Buffer.from([0x00, 0x40, 0x10, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0x05, 0x02, 0x00, name.length]),
      Buffer.from(name),
      Buffer.from([0x02, 0x00, 0x04]),
      Buffer.from('live'),
    ]);

  it('reads the stream name of a publish command, and knows when it has not all arrived', () => {
    const command = Buffer.concat([Buffer.from('chunk header'), publish('secret')]);
    expect(publishedStreamName(command)).toBe('secret');
    expect(publishedStreamName(command.subarray(0, command.length - 10))).toBe('incomplete');
    expect(publishedStreamName(Buffer.from('FCPublish releaseStream'))).toBeNull();
  });
});
