import type { TLiveSource } from '@mam/core';
import { LiveNetworks } from './live-endpoint-guard';
import { liveInputFor, openLiveInput } from './live-input';
import { UdpGatePeers } from './udp-push-gate';

const limits = { idleMs: 1000, maxPeers: 2, maxRefusals: 3 };

describe('UdpGatePeers', () => {
  it('opens one relay per admitted peer (address and port) and reuses it for that peer’s datagrams', () => {
    const peers = new UdpGatePeers<string>(new LiveNetworks(['192.0.2.0/24', '2001:db8::/32']), limits);
    let opened = 0;
    const open = () => `relay-${(opened += 1)}`;
    expect(peers.admit('192.0.2.10', 5000, 0, open)).toBe('relay-1');
    expect(peers.admit('192.0.2.10', 5000, 10, open)).toBe('relay-1');
    // Another port of the same address is another SRT conversation.
    expect(peers.admit('::ffff:192.0.2.10', 5001, 20, open)).toBe('relay-2');
    expect(opened).toBe(2);
    expect(peers.refusals).toEqual([]);
  });

  it('drops senders outside the ranges and reports each one once, whatever its port', () => {
    const peers = new UdpGatePeers<string>(new LiveNetworks(['192.0.2.0/24']), limits);
    const open = jest.fn(() => 'relay');
    expect(peers.admit('198.51.100.7', 5000, 0, open)).toBeNull();
    expect(peers.admit('198.51.100.7', 5001, 1, open)).toBeNull();
    expect(peers.admit('::ffff:203.0.113.9', 5000, 2, open)).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(peers.refusals).toEqual([
      "198.51.100.7 is not in the source's ranges",
      "203.0.113.9 is not in the source's ranges",
    ]);
  });

  it('keeps the refusal list bounded when many sources are refused', () => {
    const peers = new UdpGatePeers<string>(new LiveNetworks(['192.0.2.0/24']), limits);
    for (let i = 1; i <= 10; i += 1) peers.admit(`198.51.100.${i}`, 5000, i, () => 'relay');
    expect(peers.refusals).toHaveLength(3);
  });

  it('relays at most maxPeers peers at once', () => {
    const peers = new UdpGatePeers<string>(new LiveNetworks(['192.0.2.0/24']), limits);
    expect(peers.admit('192.0.2.1', 1, 0, () => 'a')).toBe('a');
    expect(peers.admit('192.0.2.2', 1, 0, () => 'b')).toBe('b');
    expect(peers.admit('192.0.2.3', 1, 0, () => 'c')).toBeNull();
    expect(peers.refusals).toEqual(['192.0.2.3:1 was dropped: 2 senders are relayed already']);
  });

  it('forgets peers quiet for idleMs, so their sockets can be closed and a returning peer gets a new one', () => {
    const peers = new UdpGatePeers<string>(new LiveNetworks(['192.0.2.0/24']), limits);
    peers.admit('192.0.2.1', 1, 0, () => 'quiet');
    peers.admit('192.0.2.2', 1, 0, () => 'busy');
    peers.admit('192.0.2.2', 1, 900, () => 'never');
    expect(peers.sweep(999)).toEqual([]);
    expect(peers.sweep(1000)).toEqual(['quiet']);
    expect(peers.size).toBe(1);
    expect(peers.admit('192.0.2.1', 1, 1001, () => 'again')).toBe('again');
    expect(peers.clear().sort()).toEqual(['again', 'busy']);
    expect(peers.size).toBe(0);
  });
});

describe('openLiveInput without a UDP gate', () => {
  const source = (patch: Partial<TLiveSource>): TLiveSource => ({
    id: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-000000000002',
    name: 'Feed',
    type: 'udp',
    mode: 'listener',
    location: 'udp://0.0.0.0:5000',
    cidr: [],
    credentials: {},
    pipeline: { highRes: 'copy', proxy: true },
    folderId: null,
    ...patch,
  });
  const options = { networks: new LiveNetworks([]) };

  it('lets ffmpeg receive on the source’s own address when the source has no ranges (anyone may send)', async () => {
    for (const each of [
      source({}),
      source({ type: 'rtp', location: 'rtp://0.0.0.0:5004' }),
      source({ type: 'srt', location: 'srt://0.0.0.0:9000', credentials: { passphrase: 'passphrase-01' } }),
    ]) {
      const input = await openLiveInput(each, options);
      expect(input.url).toBe((await liveInputFor(each, options)).url);
      await input.close();
    }
  });

  it('does not gate a multicast group, ranges or not', async () => {
    const group = source({ location: 'udp://239.1.1.1:5000', cidr: ['192.0.2.0/24'] });
    const input = await openLiveInput(group, options);
    expect(input.url).toBe((await liveInputFor(group, options)).url);
    await input.close();
  });
});
