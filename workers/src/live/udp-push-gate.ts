import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { LiveNetworks } from './live-endpoint-guard';

/**
 * What ffmpeg's SRT listener and UDP/RTP inputs do not check: they take datagrams from anyone who can reach the port
 * (an SRT passphrase keeps strangers from the picture, not from the handshake and the socket). The gate binds where
 * senders send, relays datagrams only from senders inside the source's ranges to ffmpeg on a loopback port, and
 * drops the rest before ffmpeg sees them.
 *
 * Each admitted peer (address and port) gets its own loopback socket: SRT is a conversation (handshake, ACKs, NAKs,
 * keepalives), and ffmpeg's listener answers the address a datagram came from, so its answers on that socket go
 * back to that peer. UDP and RTP only need the way in; the same path serves them.
 */
export interface TUdpPushGate {
  /** Where ffmpeg listens (loopback): the gate relays admitted datagrams there. */
  innerPort: number;
  /** Senders whose datagrams were dropped, once each, in order (for the log and tests). */
  refusals: string[];
  close(): Promise<void>;
}

/** A peer quiet for this long has gone (SRT sends keepalives every second while connected): its socket is closed. */
export const UDP_GATE_IDLE_MS = 30_000;
/** Peers relayed at once; beyond it new ones are dropped, so spoofed in-range sources cannot exhaust sockets. */
export const UDP_GATE_MAX_PEERS = 64;
/** Distinct refused senders kept; a flood of spoofed sources must not grow the list without end. */
export const UDP_GATE_MAX_REFUSALS = 100;

const plain = (address: string) => address.replace(/^::ffff:/, '');

/**
 * The gate's bookkeeping, without sockets: which peers are relayed (and when each was last heard), and which
 * senders were refused (each reported once).
 */
export class UdpGatePeers<T> {
  private readonly peers = new Map<string, { value: T; lastSeen: number }>();
  private readonly refused = new Set<string>();
  readonly refusals: string[] = [];

  constructor(
    private readonly allowed: LiveNetworks,
    private readonly limits: { idleMs: number; maxPeers: number; maxRefusals: number } = {
      idleMs: UDP_GATE_IDLE_MS,
      maxPeers: UDP_GATE_MAX_PEERS,
      maxRefusals: UDP_GATE_MAX_REFUSALS,
    },
  ) {}

  static keyOf(address: string, port: number): string {
    return isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`;
  }

  /**
   * The relay of a datagram from `address:port` at `now`: the peer's (made by `open` the first time), or null when
   * the datagram is to be dropped (the sender is outside the ranges, or too many peers are relayed already).
   */
  admit(address: string, port: number, now: number, open: () => T): T | null {
    const from = plain(address);
    const key = UdpGatePeers.keyOf(from, port);
    const known = this.peers.get(key);
    if (known) {
      known.lastSeen = now;
      return known.value;
    }
    if (!this.allowed.contains(from)) {
      this.refuse(from, `${from} is not in the source's ranges`);
      return null;
    }
    if (this.peers.size >= this.limits.maxPeers) {
      this.refuse(key, `${key} was dropped: ${this.limits.maxPeers} senders are relayed already`);
      return null;
    }
    const value = open();
    this.peers.set(key, { value, lastSeen: now });
    return value;
  }

  /** Forgets the peers quiet since `now - idleMs` and returns them, for their sockets to be closed. */
  sweep(now: number): T[] {
    const gone: T[] = [];
    for (const [key, peer] of this.peers) {
      if (now - peer.lastSeen >= this.limits.idleMs) {
        this.peers.delete(key);
        gone.push(peer.value);
      }
    }
    return gone;
  }

  /** Forgets every peer and returns them. */
  clear(): T[] {
    const all = [...this.peers.values()].map((peer) => peer.value);
    this.peers.clear();
    return all;
  }

  get size(): number {
    return this.peers.size;
  }

  private refuse(sender: string, reason: string): void {
    if (this.refused.has(sender) || this.refused.size >= this.limits.maxRefusals) return;
    this.refused.add(sender);
    this.refusals.push(reason);
  }
}

function bound(socket: Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    try {
      socket.close(() => resolve());
    } catch {
      // Already closed.
      resolve();
    }
  });
}

/**
 * A loopback port for ffmpeg to listen on. `pair`: the port after it is free too (ffmpeg's RTP input also binds
 * the RTCP port, the next one up).
 */
export async function freeLoopbackUdpPort(pair = false): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const probe = createSocket('udp4');
    await bound(probe, 0, '127.0.0.1');
    const { port } = probe.address();
    if (!pair) {
      await closed(probe);
      return port;
    }
    const next = createSocket('udp4');
    const free =
      port < 65535 &&
      (await bound(next, port + 1, '127.0.0.1').then(
        () => true,
        () => false,
      ));
    await Promise.all([closed(probe), closed(next)]);
    if (free) return port;
  }
  throw new Error('no free loopback UDP port');
}

// Room for a few seconds of a 20 Mbit/s feed while the event loop is busy (the kernel may clamp it to rmem_max).
const SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

export async function openUdpPushGate(options: {
  host: string;
  port: number;
  /** The source's ranges (CIDR). */
  allowed: LiveNetworks;
  /** ffmpeg's RTP input binds the RTCP port beside its own: the inner port is chosen with the next one free. */
  innerPortPair?: boolean;
  idleMs?: number;
}): Promise<TUdpPushGate> {
  const innerPort = await freeLoopbackUdpPort(options.innerPortPair);
  const idleMs = options.idleMs ?? UDP_GATE_IDLE_MS;
  const peers = new UdpGatePeers<Socket>(options.allowed, {
    idleMs,
    maxPeers: UDP_GATE_MAX_PEERS,
    maxRefusals: UDP_GATE_MAX_REFUSALS,
  });
  const outer = createSocket({
    type: isIPv6(options.host) ? 'udp6' : 'udp4',
    recvBufferSize: SOCKET_BUFFER_BYTES,
  });
  // A send error (a peer gone, ICMP unreachable) is that datagram's loss, not the gate's.
  outer.on('error', () => undefined);
  await bound(outer, options.port, options.host);
  let open = true;

  const relayFor = (peer: RemoteInfo) => () => {
    const relay = createSocket('udp4');
    relay.on('error', () => undefined);
    // Only ffmpeg's answers go back: another local process writing to this port is not relayed to the peer.
    relay.on('message', (reply, from) => {
      if (open && from.port === innerPort) outer.send(reply, peer.port, peer.address);
    });
    // Bound at once (port 0) so ffmpeg's first answer already has a socket to come back to.
    relay.bind(0, '127.0.0.1');
    return relay;
  };

  outer.on('message', (datagram, peer) => {
    const relay = peers.admit(peer.address, peer.port, Date.now(), relayFor(peer));
    relay?.send(datagram, innerPort, '127.0.0.1');
  });

  const sweeper = setInterval(
    () => {
      for (const relay of peers.sweep(Date.now())) void closed(relay);
    },
    Math.max(250, Math.floor(idleMs / 4)),
  );
  sweeper.unref();

  return {
    innerPort,
    refusals: peers.refusals,
    close: async () => {
      open = false;
      clearInterval(sweeper);
      await Promise.all([closed(outer), ...peers.clear().map(closed)]);
    },
  };
}
