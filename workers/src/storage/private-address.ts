/**
 * Which addresses a tenant's storage endpoint must not reach: anything that is not the public internet. Pure string
 * arithmetic, no DNS and no node: modules, so it can be tested exhaustively and used before and after resolving.
 */

export type TAddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'unspecified' | 'multicast' | 'reserved';

/** [first address as a number, prefix length, kind]; the first match wins, so narrower ranges come first. */
const ipv4Ranges: Array<[string, number, TAddressKind]> = [
  // 0.0.0.0/8 is "this network"; Linux connects 0.0.0.0 to the local host.
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['169.254.0.0', 16, 'link-local'],
  ['100.64.0.0', 10, 'cgnat'],
  ['224.0.0.0', 4, 'multicast'],
  // IETF protocol assignments, benchmarking and the old class E: none is a public host, some are used inside
  // data centres.
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['240.0.0.0', 4, 'reserved'],
];

function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    // Canonical decimal only: "010" or "0x7f" are spelled differently by resolvers and URL parsers alike.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function classifyIpv4(value: number): TAddressKind {
  for (const [first, bits, kind] of ipv4Ranges) {
    const size = 2 ** (32 - bits);
    const start = parseIpv4(first)!;
    if (value >= start && value < start + size) return kind;
  }
  return 'public';
}

/** Eight 16-bit groups, or null when `text` is not an IPv6 address. A zone (`%eth0`) is ignored. */
function parseIpv6(text: string): number[] | null {
  const address = text.replace(/%[\w.-]+$/, '');
  if (!/^[0-9a-f:.]+$/i.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const words = half.split(':');
    const groups: number[] = [];
    for (const [index, word] of words.entries()) {
      if (word.includes('.')) {
        // A dotted IPv4 tail (::ffff:10.0.0.1) counts as two groups and must be last.
        if (index !== words.length - 1) return null;
        const v4 = parseIpv4(word);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(word)) return null;
        groups.push(parseInt(word, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  // "::" stands for at least one group of zeros.
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function classifyIpv6(groups: number[]): TAddressKind {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embeddedV4 = () => classifyIpv4(g6 * 65536 + g7);
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d): the socket talks IPv4 to the embedded address.
  if (zeroUpTo(5) && g5 === 0xffff) return embeddedV4();
  // IPv4-translated (::ffff:0:a.b.c.d) and the deprecated IPv4-compatible form (::a.b.c.d).
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return embeddedV4();
  if (zeroUpTo(6)) return embeddedV4();
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address through a gateway; 64:ff9b:1::/48 is for local use.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embeddedV4();
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return classifyIpv4(g1 * 65536 + g2);
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // Site-local (fec0::/10): deprecated, but still routed inside some networks.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/**
 * The kind of an IP address (IPv4 dotted decimal, IPv6 with or without brackets and a zone), or null when the text
 * is not an IP address (a host name, or an unusual spelling such as 0x7f.1 that must be resolved first).
 */
export function classifyAddress(text: string): TAddressKind | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = bare.includes(':') ? parseIpv6(bare) : null;
  return v6 ? classifyIpv6(v6) : null;
}

/** True for an IP address the platform's private network (or the machine itself) may answer on. */
export function isPrivateAddress(text: string): boolean {
  const kind = classifyAddress(text);
  return kind !== null && kind !== 'public';
}
