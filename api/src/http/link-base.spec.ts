import { isLocalListenHost, linkBaseOf } from './link-base';

const base = { publicUrl: 'http://localhost:8080/', publicUrlSet: false };

describe('linkBaseOf', () => {
  it('uses PUBLIC_URL when it is set, whatever the console says', () => {
    expect(
      linkBaseOf({
        publicUrl: 'https://mam.example.com',
        publicUrlSet: true,
        claimedOrigin: 'https://mam.example.com:8443',
        requestHost: 'mam.example.com:8443',
      }),
    ).toBe('https://mam.example.com');
  });

  it.each<[string, string]>([
    ['http://192.168.1.20:8080', '192.168.1.20:8080'],
    ['https://mam.newsroom.tv', 'mam.newsroom.tv'],
    ['https://MAM.newsroom.tv', 'mam.newsroom.tv'],
    ['http://[::1]:8080', '[::1]:8080'],
  ])('uses the console origin %s when the request went to %s', (claimedOrigin, requestHost) => {
    expect(linkBaseOf({ ...base, claimedOrigin, requestHost })).toBe(new URL(claimedOrigin).origin);
  });

  it.each<[string | undefined, string | undefined]>([
    [undefined, 'mam.newsroom.tv'],
    ['https://mam.newsroom.tv', undefined],
    ['https://evil.example', 'mam.newsroom.tv'],
    ['https://mam.newsroom.tv:444', 'mam.newsroom.tv'],
    ['https://mam.newsroom.tv/path', 'mam.newsroom.tv'],
    ['https://user:pw@mam.newsroom.tv', 'mam.newsroom.tv'],
    ['javascript:alert(1)', 'mam.newsroom.tv'],
    ['ftp://mam.newsroom.tv', 'mam.newsroom.tv'],
    ['not a url', 'mam.newsroom.tv'],
  ])('falls back to the configured address for origin %j and host %j', (claimedOrigin, requestHost) => {
    expect(linkBaseOf({ ...base, claimedOrigin, requestHost })).toBe('http://localhost:8080');
  });
});

describe('isLocalListenHost', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'app.localhost'])('%s is local', (host) => {
    expect(isLocalListenHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'mam.example.com'])('%s is not', (host) => {
    expect(isLocalListenHost(host)).toBe(false);
  });
});
