import { classifyAddress, isPrivateAddress } from './private-address';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.0.1'])(
    'IPv4 %s just outside the ranges is public',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
    },
  );

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['64:ff9b:1::1', 'private'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['2001:4860:4860::8888', '2606:4700:4700::1111', 'fbff::1', 'fe7f::1'])('IPv6 %s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it.each([
    // IPv4-mapped, dotted and as URL.hostname spells it (hex groups).
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::FFFF:192.168.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    // IPv4-translated, IPv4-compatible, NAT64 and 6to4 carry an IPv4 address too.
    ['::ffff:0:10.1.2.3', 'private'],
    ['::10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['2002:a00:1::', 'private'],
    ['2002:808:808::1', 'public'],
  ])('an IPv4 address inside IPv6 (%s) is judged by that address: %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    'localhost',
    'minio',
    's3.eu-north-1.amazonaws.com',
    '',
    '256.0.0.1',
    '1.2.3',
    '01.2.3.4',
    '0x7f.0.0.1',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '::ffff:1.2.3.4.5',
    '::1.2.3.4:5',
    '12345::',
    'g::1',
    '1:2:3:4:5:6:7::8',
  ])('%j is not an IP address', (text) => {
    expect(classifyAddress(text)).toBeNull();
  });

  it('counts every kind but public as private', () => {
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('[::ffff:7f00:1]')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('localhost')).toBe(false);
  });
});
