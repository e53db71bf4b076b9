import { createServer, connect, type Server, type Socket } from 'node:net';
import type { LiveNetworks } from './live-endpoint-guard';

/**
 * What ffmpeg's RTMP listener does not check: it takes a push from anyone, and with any stream key (it only warns
 * "Unexpected stream"). The gate listens where encoders push, lets in only senders inside the source's ranges,
 * forwards to ffmpeg on a loopback port, and cuts a connection whose `publish` names another stream key before
 * ffmpeg sees that command, so no media of it is ever recorded.
 */
export interface TRtmpPushGate {
  /** Where ffmpeg listens (loopback): the gate forwards each admitted connection there. */
  innerPort: number;
  /** Why connections were cut, in order (for the log and tests). */
  refusals: string[];
  close(): Promise<void>;
}

// AMF0: string marker, 16-bit length, "publish".
const PUBLISH = Buffer.from([0x02, 0x00, 0x07, ...Buffer.from('publish')]);
// Bytes kept from the data before, so a command split across two reads is still found.
const CARRY = 512;
// A push that has not published within this much data is not an encoder: it is cut.
const MAX_BEFORE_PUBLISH = 1 << 20;

/**
 * The stream name of a `publish` command in `data`: after "publish", the transaction id (AMF0 number, 9 bytes), a
 * null (1 byte) and the name (AMF0 string). `incomplete` when the name has not all arrived yet; null when there is no
 * publish command here.
 */
export function publishedStreamName(data: Buffer): string | 'incomplete' | null {
  const at = data.indexOf(PUBLISH);
  if (at < 0) return null;
  let offset = at + PUBLISH.length;
  if (data.length < offset + 9 + 1 + 3) return 'incomplete';
  if (data[offset] !== 0x00) return null;
  offset += 9;
  if (data[offset] !== 0x05) return null;
  offset += 1;
  if (data[offset] !== 0x02) return null;
  const length = data.readUInt16BE(offset + 1);
  offset += 3;
  if (data.length < offset + length) return 'incomplete';
  return data.subarray(offset, offset + length).toString('utf8');
}

const plain = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

export async function openRtmpPushGate(options: {
  host: string;
  port: number;
  /** The source's ranges (CIDR); empty admits no one. */
  allowed: LiveNetworks;
  streamKey: string;
}): Promise<TRtmpPushGate> {
  const refusals: string[] = [];
  const innerPort = await freeTcpPort();
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const from = plain(client.remoteAddress);
    if (!options.allowed.contains(from)) {
      refusals.push(`${from} is not in the source's ranges`);
      client.destroy();
      return;
    }
    const upstream = connect(innerPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());

    let verified = false;
    let seen = 0;
    let carry = Buffer.alloc(0);
    let held: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      if (verified) {
        upstream.write(chunk);
        return;
      }
      seen += chunk.length;
      held.push(chunk);
      const scan = Buffer.concat([carry, ...held]);
      const name = publishedStreamName(scan);
      if (name === 'incomplete') return;
      if (name === null) {
        if (seen > MAX_BEFORE_PUBLISH) {
          refusals.push(`${from} sent no publish command`);
          client.destroy();
          return;
        }
        for (const part of held) upstream.write(part);
        held = [];
        carry = scan.subarray(Math.max(0, scan.length - CARRY));
        return;
      }
      if (name.split('?')[0] !== options.streamKey) {
        refusals.push(`${from} published with a wrong stream key`);
        client.destroy();
        return;
      }
      verified = true;
      for (const part of held) upstream.write(part);
      held = [];
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    innerPort,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function freeTcpPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
