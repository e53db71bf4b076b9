/**
 * IP literals and CIDR ranges as sources name them. Pure string checks: the server decides what an address is
 * before anything resolves or connects.
 */

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(text: string): boolean {
  return ipv4Pattern.test(text);
}

export function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export function isIpLiteral(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** 224.0.0.0/4 or ff00::/8: a group the server joins rather than an address it owns. */
export function isMulticast(text: string): boolean {
  if (isIpv4(text)) {
    const first = Number(text.split('.')[0]);
    return first >= 224 && first <= 239;
  }
  return isIpv6(text) && /^ff/i.test(text);
}

/** `a.b.c.d/n` or `ipv6/n`; a bare address is its own /32 or /128. */
export function parseCidr(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length) return null;
  const family = isIpv4(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), family };
}

/** URL.hostname keeps IPv6 brackets; the address inside is what the checks above take. */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
