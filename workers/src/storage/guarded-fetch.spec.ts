import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parsePrivateEndpoints } from './endpoint-guard';
import { createGuardedFetch } from './guarded-fetch';

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('guarded fetch for addresses a tenant chose', () => {
  let inside: Awaited<ReturnType<typeof serve>>;
  let gateway: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    inside = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
      });
    });
    // Allowed itself; hands every request on to `inside`, which is not.
    gateway = await serve((req, res) => {
      res.writeHead(307, { location: `${inside.url}${req.url}` });
      res.end();
    });
  });
  afterAll(async () => {
    await inside.close();
    await gateway.close();
  });

  it('refuses a private address, by IP or by a name that resolves there, before connecting', async () => {
    const guarded = createGuardedFetch([]);
    const before = inside.hits.length;
    await expect(guarded(`${inside.url}/x`)).rejects.toThrow('fetch failed');
    await expect(guarded(`http://localhost:${inside.port}/x`)).rejects.toMatchObject({
      cause: { code: 'EPRIVATEENDPOINT' },
    });
    await expect(guarded(`http://[::ffff:127.0.0.1]:${inside.port}/x`)).rejects.toThrow('fetch failed');
    expect(inside.hits.length).toBe(before);
  });

  it('reaches an address the operator allowed, with method, body and headers', async () => {
    const guarded = createGuardedFetch(parsePrivateEndpoints(`127.0.0.1:${inside.port}`));
    const response = await guarded(`${inside.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({ code: 'abc' }),
      headers: { authorization: 'Basic eA==' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', body: 'code=abc', auth: 'Basic eA==' });
  });

  it('does not follow a redirect from an allowed address to a private one', async () => {
    const guarded = createGuardedFetch(parsePrivateEndpoints(`127.0.0.1:${gateway.port}`));
    const before = inside.hits.length;
    await expect(guarded(`${gateway.url}/.well-known/openid-configuration`)).rejects.toThrow('fetch failed');
    expect(inside.hits.length).toBe(before);
    // Asked not to follow, the caller gets the redirect itself.
    const manual = await guarded(`${gateway.url}/x`, { redirect: 'manual' });
    expect(manual.status).toBe(307);
  });

  it('follows a redirect between allowed addresses', async () => {
    const guarded = createGuardedFetch(parsePrivateEndpoints(`127.0.0.1:${gateway.port},127.0.0.1:${inside.port}`));
    const response = await guarded(`${gateway.url}/x`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'GET' });
  });
});
