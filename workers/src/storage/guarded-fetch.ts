import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { guardedLookup, literalEndpointRefusal, type TPrivateEndpoint } from './endpoint-guard';

/** fetch's shape, loose enough for callers whose body types differ from the DOM's (openid-client's customFetch). */
export type TGuardedFetch = (
  input: string | URL | Request,
  init?: {
    method?: string;
    headers?: Headers | Record<string, string> | Array<[string, string]>;
    body?: unknown;
    redirect?: 'follow' | 'manual' | 'error';
    signal?: AbortSignal | null;
  },
) => Promise<Response>;

const MAX_REDIRECTS = 5;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch` for addresses a tenant chose (its identity provider's issuer, token, user-info and key endpoints): the same
 * guard as storage endpoints. An address that is, or resolves to, a private one is refused unless the operator
 * allowed it, checked on the socket's own DNS answer (no second lookup to race) and again at every redirect, which
 * is followed here hop by hop so a public address cannot hand the request on to a private one.
 */
export function createGuardedFetch(allowed: readonly TPrivateEndpoint[]): TGuardedFetch {
  return async function guardedFetch(input, init) {
    const request = new Request(input, init as RequestInit | undefined);
    let body: Buffer | null = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    let method = request.method;
    let url = new URL(request.url);
    const headers = new Headers(request.headers);
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, headers, body, request.signal, allowed);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location || request.redirect === 'manual') return response;
      if (request.redirect === 'error' || hop >= MAX_REDIRECTS) {
        await response.body?.cancel();
        throw new TypeError(`fetch failed: redirect from ${url.origin} refused`);
      }
      await response.body?.cancel();
      const next = new URL(location, url);
      // As fetch does: a 303 (and a 301/302 after POST) becomes a GET without a body; credentials stay on one origin.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      if (next.origin !== url.origin) headers.delete('authorization');
      url = next;
    }
  };
}

function send(
  url: URL,
  method: string,
  headers: Headers,
  body: Buffer | null,
  signal: AbortSignal,
  allowed: readonly TPrivateEndpoint[],
): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new TypeError(`fetch failed: ${url.protocol} is not http or https`));
  // An IP-literal host never reaches a DNS lookup: judged before connecting.
  const refusal = literalEndpointRefusal(url.href, allowed);
  if (refusal) return Promise.reject(new TypeError('fetch failed', { cause: refusal }));
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  const client = url.protocol === 'http:' ? http : https;
  const outgoing: Record<string, string> = {};
  headers.forEach((value, key) => (outgoing[key] = value));
  if (body) outgoing['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method, headers: outgoing, lookup: guardedLookup(allowed, port), agent: false, signal },
      (res) => {
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
          else if (value !== undefined) responseHeaders.set(key, value);
        }
        const status = res.statusCode ?? 500;
        const stream = NULL_BODY_STATUSES.has(status) || method === 'HEAD' ? null : Readable.toWeb(res);
        if (!stream) res.resume();
        resolve(
          new Response(stream as unknown as ReadableStream<Uint8Array> | null, {
            status,
            statusText: res.statusMessage,
            headers: responseHeaders,
          }),
        );
      },
    );
    req.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    req.end(body ?? undefined);
  });
}
