import { isMulticast, unbracket, type TLiveSource } from '@mam/core';
import { LiveNetworks, permittedLiveAddress } from './live-endpoint-guard';
import { openRtmpPushGate } from './rtmp-push-gate';
import { openUdpPushGate } from './udp-push-gate';

/** How ffmpeg (or ffprobe) opens a source: the input URL and the options that go before `-i`. */
export interface TLiveInput {
  url: string;
  inputOptions: string[];
}

/** A pulled source's address resolves to a private network the operator has not allowed (or does not resolve). */
export class LiveAddressRefusedError extends Error {
  override name = 'LiveAddressRefusedError';
  constructor(readonly host: string) {
    super(`${host} is not a public address nor in LIVE_SOURCE_ALLOWED_NETWORKS`);
  }
}

export interface TLiveInputOptions {
  networks: LiveNetworks;
  /** Pushes the gate cut (outside the source's ranges, or a wrong stream key), told when the input closes. */
  onRefused?(reasons: readonly string[]): void;
  /** How long a read may wait for data before the input counts as lost, in seconds. */
  timeoutSeconds?: number;
  resolve?: Parameters<typeof permittedLiveAddress>[2];
}

// 188-byte packets: ~9 MB absorbs a few seconds of a 20 Mbit/s feed while ffmpeg is busy, without dropping them.
const UDP_FIFO_PACKETS = 50_000;
const SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

function hostPort(url: URL): string {
  return `${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

async function pinned(url: URL, options: TLiveInputOptions): Promise<URL> {
  const address = await permittedLiveAddress(url.hostname, options.networks, options.resolve);
  if (!address) throw new LiveAddressRefusedError(unbracket(url.hostname));
  const copy = new URL(url.href);
  copy.hostname = address.includes(':') ? `[${address}]` : address;
  return copy;
}

/**
 * The ffmpeg input that receives `source`: recording and probing open it the same way. Pulled addresses are checked
 * by the endpoint guard and connected to by the address checked; secrets go in options, never in the URL that
 * logs print.
 */
export async function liveInputFor(source: TLiveSource, options: TLiveInputOptions): Promise<TLiveInput> {
  const timeoutMicros = String(Math.round((options.timeoutSeconds ?? 5) * 1_000_000));
  const location = new URL(source.location);
  const { credentials } = source;
  switch (source.type) {
    case 'udp':
    case 'rtp': {
      const host = unbracket(location.hostname);
      const query = new URLSearchParams({ timeout: timeoutMicros, buffer_size: String(SOCKET_BUFFER_BYTES) });
      if (source.type === 'udp') {
        query.set('fifo_size', String(UDP_FIFO_PACKETS));
        query.set('overrun_nonfatal', '1');
      }
      // A unicast address names the interface to receive on; a group is joined on the default one.
      if (!isMulticast(host) && host !== '0.0.0.0' && host !== '::') query.set('localaddr', host);
      return { url: `${source.type}://${hostPort(location)}?${query}`, inputOptions: [] };
    }
    case 'srt': {
      const url = source.mode === 'caller' ? await pinned(location, options) : new URL(location.href);
      url.searchParams.set('mode', source.mode);
      if (source.mode === 'caller')
        url.searchParams.set('connect_timeout', String((options.timeoutSeconds ?? 5) * 1000));
      else url.searchParams.set('listen_timeout', timeoutMicros);
      const inputOptions = credentials.passphrase ? ['-passphrase', credentials.passphrase] : [];
      return { url: url.href, inputOptions: [...inputOptions, '-timeout', timeoutMicros] };
    }
    case 'rtmp': {
      if (source.mode === 'push') {
        const base = location.href.replace(/\/$/, '');
        return {
          url: `${base}/${credentials.streamKey ?? ''}`,
          inputOptions: ['-listen', '1', '-timeout', String(options.timeoutSeconds ?? 5)],
        };
      }
      const url = await pinned(location, options);
      if (credentials.username) {
        url.username = credentials.username;
        url.password = credentials.password ?? '';
      }
      return { url: url.href, inputOptions: ['-rw_timeout', timeoutMicros] };
    }
    case 'hls': {
      // Checked here; the playlist's own segment addresses are fetched by ffmpeg as the playlist names them.
      await pinned(location, options);
      const inputOptions = ['-rw_timeout', timeoutMicros, '-protocol_whitelist', 'http,https,tcp,tls,crypto'];
      if (credentials.username) {
        const basic = Buffer.from(`${credentials.username}:${credentials.password ?? ''}`).toString('base64');
        inputOptions.push('-headers', `Authorization: Basic ${basic}\r\n`);
      }
      return { url: location.href, inputOptions };
    }
  }
}

/** A live input held open while it is read: a pushed source goes through its gate (ranges, stream key) until closed. */
export type TOpenedLiveInput = TLiveInput & { close(): Promise<void> };

type TGated = { innerPort: number; refusals: string[]; close(): Promise<void> };

/**
 * The gate in front of a receiving source, or null when there is none to put there: pulled sources are checked by
 * the endpoint guard instead, an empty list of ranges admits anyone (ffmpeg receives as before, with no extra hop),
 * and a multicast group is not gated: it is joined, not a port senders reach, so who may send into it is for the
 * network's routing (or source-specific multicast) to decide; gating it would mean the gate joining the group and
 * re-sending all of it to ffmpeg.
 */
async function gateFor(source: TLiveSource): Promise<TGated | null> {
  const location = new URL(source.location);
  const host = unbracket(location.hostname);
  if (source.type === 'rtmp' && source.mode === 'push') {
    return openRtmpPushGate({
      host,
      port: Number(location.port || 1935),
      allowed: new LiveNetworks(source.cidr),
      streamKey: source.credentials.streamKey ?? '',
    });
  }
  const listening =
    (source.type === 'srt' && source.mode === 'listener') || source.type === 'udp' || source.type === 'rtp';
  if (!listening || source.cidr.length === 0 || isMulticast(host)) return null;
  return openUdpPushGate({
    host,
    port: Number(location.port),
    allowed: new LiveNetworks(source.cidr),
    // Only the RTP port is relayed: MPEG-TS over RTP carries its own clock, so ffmpeg needs no sender reports from
    // the RTCP port (+1), which stays unbound. ffmpeg still binds an RTCP port beside its inner one, hence the pair.
    innerPortPair: source.type === 'rtp',
  });
}

/**
 * The input as `liveInputFor` gives it, with what must run beside ffmpeg while it reads: for a pushed source the
 * gate that admits only the source's senders (and, for RTMP, its stream key), ffmpeg itself listening behind it on
 * loopback. The gate binds the source's own address, so the port registry's claim on it holds as before.
 */
export async function openLiveInput(source: TLiveSource, options: TLiveInputOptions): Promise<TOpenedLiveInput> {
  const input = await liveInputFor(source, options);
  const gate = await gateFor(source);
  if (!gate) return { ...input, close: async () => undefined };
  const inner = new URL(input.url);
  inner.hostname = '127.0.0.1';
  inner.port = String(gate.innerPort);
  // Without it ffmpeg's UDP and RTP inputs bind every interface, and the inner port would be a way around the gate.
  if (source.type === 'udp' || source.type === 'rtp') inner.searchParams.set('localaddr', '127.0.0.1');
  return {
    url: inner.href,
    inputOptions: input.inputOptions,
    close: async () => {
      if (gate.refusals.length > 0) options.onRefused?.(gate.refusals);
      await gate.close();
    },
  };
}
