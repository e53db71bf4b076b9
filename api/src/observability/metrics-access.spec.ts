import { metricsAccess } from './metrics-access';

describe('metricsAccess', () => {
  const token = 'a-long-enough-metrics-token';

  it('with a token, admits only its bearer, from anywhere', () => {
    const from = (authorization?: string) =>
      metricsAccess(token, { remoteAddress: '203.0.113.9', headers: authorization ? { authorization } : {} });
    expect(from(`Bearer ${token}`)).toBe('allowed');
    expect(from(`bearer ${token}`)).toBe('allowed');
    expect(from('Bearer a-long-enough-metrics-tokem')).toBe('unauthenticated');
    expect(from(token)).toBe('unauthenticated');
    expect(from()).toBe('unauthenticated');
    // A token does not let a local caller off.
    expect(metricsAccess(token, { remoteAddress: '127.0.0.1', headers: {} })).toBe('unauthenticated');
  });

  it('without a token, admits direct connections from this machine only', () => {
    expect(metricsAccess(undefined, { remoteAddress: '127.0.0.1', headers: {} })).toBe('allowed');
    expect(metricsAccess(undefined, { remoteAddress: '::1', headers: {} })).toBe('allowed');
    expect(metricsAccess(undefined, { remoteAddress: '::ffff:127.0.0.1', headers: {} })).toBe('allowed');
    expect(metricsAccess(undefined, { remoteAddress: '10.0.0.5', headers: {} })).toBe('forbidden');
    expect(metricsAccess(undefined, { remoteAddress: undefined, headers: {} })).toBe('forbidden');
  });

  it('without a token, refuses what a local reverse proxy forwards', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(metricsAccess(undefined, { remoteAddress: '127.0.0.1', headers: { [header]: '198.51.100.7' } })).toBe(
        'forbidden',
      );
    }
  });
});
