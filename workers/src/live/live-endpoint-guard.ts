import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIPv6 } from 'node:net';
import { parseCidr, unbracket } from '@mam/core';
import { isPrivateAddress } from '../storage/private-address';

/**
 * Pulled live sources (SRT caller, RTMP pull, HLS) make the server connect where a tenant says, as storage endpoints
 * do: a private address is refused unless it is in the operator's LIVE_SOURCE_ALLOWED_NETWORKS (the broadcaster's
 * own contribution networks), so a tenant cannot point the recorder at the platform's own services.
 */
export class LiveNetworks {
  private readonly list = new BlockList();
  readonly ranges: readonly string[];

  constructor(ranges: readonly string[]) {
    const kept: string[] = [];
    for (const entry of ranges) {
      const range = parseCidr(entry);
      if (!range) throw new Error(`"${entry}" is not an address or address range (CIDR)`);
      this.list.addSubnet(range.address, range.prefix, range.family);
      kept.push(`${range.address}/${range.prefix}`);
    }
    this.ranges = kept;
  }

  /** A comma-separated list, as the environment variable has it. */
  static parse(list: string | undefined): LiveNetworks {
    return new LiveNetworks(
      (list ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    );
  }

  contains(address: string): boolean {
    const bare = unbracket(address);
    return this.list.check(bare, isIPv6(bare) ? 'ipv6' : 'ipv4');
  }
}

type TLookupAll = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;
const lookupAll: TLookupAll = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * The address to connect to for `host`, or null when any address it resolves to is private and not allowed (one
 * such answer refuses all: the resolver may hand out either). The caller connects to the address returned, not the
 * name, so a DNS answer that changes after the check does not get around it.
 */
export async function permittedLiveAddress(
  host: string,
  allowed: LiveNetworks,
  resolve: TLookupAll = lookupAll,
): Promise<string | null> {
  const bare = unbracket(host);
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(bare, { all: true });
  } catch {
    return null;
  }
  if (addresses.length === 0) return null;
  const refused = addresses.some((each) => isPrivateAddress(each.address) && !allowed.contains(each.address));
  return refused ? null : addresses[0]!.address;
}
