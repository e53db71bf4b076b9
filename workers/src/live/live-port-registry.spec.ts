import { livePortRegistry } from './live-port-registry';

describe('live port registry', () => {
  it('lets the recorder take a socket from a preview, telling the preview to let go', () => {
    const evicted: string[] = [];
    expect(livePortRegistry.claim('udp:0.0.0.0:7001', 'preview', () => evicted.push('preview'))).toBe(true);
    expect(livePortRegistry.claim('udp:0.0.0.0:7001', 'probe')).toBe(false);
    expect(livePortRegistry.claim('udp:0.0.0.0:7001', 'preview')).toBe(false);
    expect(evicted).toEqual([]);
    expect(livePortRegistry.claim('udp:0.0.0.0:7001', 'recorder')).toBe(true);
    expect(evicted).toEqual(['preview']);
    // The evicted preview's late release leaves the recorder's claim alone.
    livePortRegistry.release('udp:0.0.0.0:7001', 'preview');
    expect(livePortRegistry.holder('udp:0.0.0.0:7001')).toBe('recorder');
    expect(livePortRegistry.claim('udp:0.0.0.0:7001', 'preview')).toBe(false);
    livePortRegistry.release('udp:0.0.0.0:7001', 'recorder');
    expect(livePortRegistry.holder('udp:0.0.0.0:7001')).toBeUndefined();
  });

  it('keeps a probe and a preview apart, and the recorder wins over a probe', () => {
    expect(livePortRegistry.claim('udp:0.0.0.0:7002', 'probe')).toBe(true);
    expect(livePortRegistry.claim('udp:0.0.0.0:7002', 'preview')).toBe(false);
    expect(livePortRegistry.claim('udp:0.0.0.0:7002', 'recorder')).toBe(true);
    expect(livePortRegistry.claim('udp:0.0.0.0:7002', 'recorder')).toBe(false);
    livePortRegistry.release('udp:0.0.0.0:7002', 'recorder');
  });
});
