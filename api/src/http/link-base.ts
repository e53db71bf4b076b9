/** The header the console sends with its own address (window.location.origin). */
export const CONSOLE_ORIGIN_HEADER = 'x-mam-origin';

/**
 * Where links made in a request point. PUBLIC_URL wins when set. Without it, the console's address is used, but only
 * when its host is the one the request was sent to: an origin a client merely claims could put a stranger's address
 * into an invitation e-mail. Anything else falls back to `publicUrl`.
 */
export function linkBaseOf(input: {
  publicUrl: string;
  publicUrlSet: boolean;
  claimedOrigin: string | undefined;
  requestHost: string | undefined;
}): string {
  const fallback = input.publicUrl.replace(/\/$/, '');
  if (input.publicUrlSet || !input.claimedOrigin || !input.requestHost) return fallback;
  let origin: URL;
  try {
    origin = new URL(input.claimedOrigin);
  } catch {
    return fallback;
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return fallback;
  // An origin is scheme://host[:port] and nothing more.
  if (origin.pathname !== '/' || origin.search || origin.hash || origin.username || origin.password) return fallback;
  if (origin.host.toLowerCase() !== input.requestHost.trim().toLowerCase()) return fallback;
  return origin.origin;
}

/** Hosts that only this machine reaches: no warning is due when PUBLIC_URL is unset and the server listens there. */
export function isLocalListenHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\./.test(h) || h.endsWith('.localhost');
}
