import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isPrivateAddress } from './private-address';

/**
 * Tenants choose their storage endpoints, and the server connects there: without a guard a tenant could point one at
 * the cloud metadata service or the platform's own database and read the answers (server-side request forgery).
 * Private addresses are refused unless the operator allowed the endpoint (STORAGE_PRIVATE_ENDPOINTS), both when a
 * location is saved and again when a connection is made, so a DNS answer that changes later does not get around it.
 */

/** One `host[:port]` the operator allows on a private network; without a port, every port of that host. */
export interface TPrivateEndpoint {
  /** Lower-case, without a trailing dot; an IPv6 address in brackets, as URL.hostname spells it. */
  host: string;
  port: number | null;
}

/** The error a refused connection fails with; its code reaches the S3 error mapping. */
export const PRIVATE_ENDPOINT_CODE = 'EPRIVATEENDPOINT';

export class PrivateEndpointError extends Error {
  override name = 'PrivateEndpointError';
  readonly code = PRIVATE_ENDPOINT_CODE;
  constructor(readonly host: string) {
    super(`${PRIVATE_ENDPOINT_CODE}: ${host} is on a private network the operator has not allowed`);
  }
}

function normalizeHost(host: string): string | null {
  try {
    // The URL parser spells hosts the way endpoints are later compared: lower case, IPv6 compressed, IPv4 decimal.
    const url = new URL(`http://${host}/`);
    if (url.username || url.password || url.port || url.pathname !== '/') return null;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** `host`, `host:port`, `[ipv6]` or `[ipv6]:port`; null when it is none of these. */
export function parsePrivateEndpoint(entry: string): TPrivateEndpoint | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) return null;
  const host = normalizeHost(match[1]!);
  const port = match[2] === undefined ? null : Number(match[2]);
  if (!host || (port !== null && (port < 1 || port > 65535))) return null;
  return { host, port };
}

/** A comma-separated list (the environment variable); throws naming the first entry that is not `host[:port]`. */
export function parsePrivateEndpoints(list: string): TPrivateEndpoint[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const parsed = parsePrivateEndpoint(entry);
      if (!parsed) throw new Error(`"${entry}" is not host or host:port`);
      return parsed;
    });
}

function hostAndPort(url: URL): { host: string; port: number } {
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  return { host: url.hostname.toLowerCase().replace(/\.$/, ''), port };
}

function isAllowed(allowed: readonly TPrivateEndpoint[], host: string, port: number): boolean {
  return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
}

type TLookupAll = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;

const lookupAll: TLookupAll = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * Whether a tenant may save `endpoint`: allowed by the operator, or its host is (or resolves only to) public
 * addresses. A host that does not resolve now passes; the connection-time check stands guard when it does.
 */
export async function endpointIsPermitted(
  endpoint: URL,
  allowed: readonly TPrivateEndpoint[],
  resolve: TLookupAll = lookupAll,
): Promise<boolean> {
  const { host, port } = hostAndPort(endpoint);
  if (isAllowed(allowed, host, port)) return true;
  if (classifyAddress(host) !== null) return !isPrivateAddress(host);
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host, { all: true });
  } catch {
    return true;
  }
  return !addresses.some((a) => isPrivateAddress(a.address));
}

/**
 * The refusal for a client that will talk to `endpoint` (AWS itself when undefined), decided before any request:
 * IP-literal hosts never reach a DNS lookup, so they are judged here.
 */
export function literalEndpointRefusal(
  endpoint: string | undefined,
  allowed: readonly TPrivateEndpoint[],
): PrivateEndpointError | null {
  if (!endpoint) return null;
  const { host, port } = hostAndPort(new URL(endpoint));
  if (isAllowed(allowed, host, port) || !isPrivateAddress(host)) return null;
  return new PrivateEndpointError(host);
}

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
type TBaseLookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for the sockets of a client that talks to port `port`: names the operator allowed resolve as usual,
 * every other name fails with PrivateEndpointError when any of its addresses is private. Answers in the shape asked
 * for (one address, or all of them when Node tries several families at once).
 */
export function guardedLookup(
  allowed: readonly TPrivateEndpoint[],
  port: number,
  baseLookup: TBaseLookup = dns.lookup,
): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions | number | undefined, callback: TLookupCallback) => {
    const asked: LookupOptions = typeof options === 'number' ? { family: options } : (options ?? {});
    baseLookup(hostname, { ...asked, all: true }, (error, addresses) => {
      if (error) return callback(error, asked.all ? [] : '');
      const host = hostname.toLowerCase().replace(/\.$/, '');
      if (!isAllowed(allowed, host, port) && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new PrivateEndpointError(host), asked.all ? [] : '');
      }
      if (asked.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  };
  return lookup as LookupFunction;
}
