import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// A proxy on this machine connects from loopback on behalf of anyone: a request it forwarded is not local.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends it as a bearer token (compared in constant time).
 * Without: only a scraper on this machine connecting directly, so the figures are not public by default.
 */
export function metricsAccess(
  token: string | undefined,
  request: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
): 'allowed' | 'unauthenticated' | 'forbidden' {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) return 'unauthenticated';
    return timingSafeEqual(digest(match[1]!), digest(token)) ? 'allowed' : 'unauthenticated';
  }
  const local = request.remoteAddress !== undefined && LOOPBACK.has(request.remoteAddress);
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return local && !forwarded ? 'allowed' : 'forbidden';
}
