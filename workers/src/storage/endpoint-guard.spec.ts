import { createServer } from 'node:net';
import type { LookupAddress } from 'node:dns';
import {
  endpointIsPermitted,
  guardedLookup,
  literalEndpointRefusal,
  parsePrivateEndpoint,
  parsePrivateEndpoints,
  PrivateEndpointError,
} from './endpoint-guard';
import { createS3Storage } from './s3-storage';

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('parsePrivateEndpoints', () => {
  it('reads host and host:port entries, normalized the way endpoint URLs are', () => {
    expect(parsePrivateEndpoints(' minio:9000, MinIO.internal. ,[::1]:9000,127.0.0.1,[FD00::0:1]')).toEqual([
      { host: 'minio', port: 9000 },
      { host: 'minio.internal', port: null },
      { host: '[::1]', port: 9000 },
      { host: '127.0.0.1', port: null },
      { host: '[fd00::1]', port: null },
    ]);
    expect(parsePrivateEndpoints('')).toEqual([]);
    expect(parsePrivateEndpoints(' , ')).toEqual([]);
  });

  it.each(['http://minio:9000', 'minio:port', 'minio:0', 'minio:70000', 'user@minio', 'minio/x', '::1', '[::1', 'a b'])(
    'refuses %j',
    (entry) => {
      expect(parsePrivateEndpoint(entry)).toBeNull();
      expect(() => parsePrivateEndpoints(`minio, ${entry}`)).toThrow(`"${entry}" is not host or host:port`);
    },
  );
});

describe('endpointIsPermitted (when a location is saved)', () => {
  const resolveTo = (...addresses: LookupAddress[]) => jest.fn(async () => addresses);
  const permitted = (endpoint: string, allowed: string, resolve = resolveTo(v4('93.184.216.34'))) =>
    endpointIsPermitted(new URL(endpoint), parsePrivateEndpoints(allowed), resolve);

  it.each([
    'http://169.254.169.254',
    'http://10.0.0.5:9000',
    'http://[::1]:9000',
    'http://[::ffff:127.0.0.1]:9000',
    'http://0.0.0.0:5432',
    'http://2130706433/',
    'http://0x7f.1/',
    'https://100.64.1.1',
  ])('refuses the IP literal %s', async (endpoint) => {
    expect(await permitted(endpoint, '')).toBe(false);
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect(await permitted('http://minio.example.com:9000', '', resolveTo(v4('8.8.8.8'), v6('fd00::5')))).toBe(false);
    expect(await permitted('http://db.example.com', '', resolveTo(v4('127.0.0.1')))).toBe(false);
  });

  it('accepts public addresses and names, and names that do not resolve (the connection check stands guard)', async () => {
    expect(await permitted('https://s3.eu-north-1.amazonaws.com', '')).toBe(true);
    expect(await permitted('http://8.8.8.8:9000', '')).toBe(true);
    const failing = jest.fn(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect(await endpointIsPermitted(new URL('http://nowhere.invalid'), [], failing)).toBe(true);
  });

  it('accepts what the operator allowed, on the allowed port only', async () => {
    const local = resolveTo(v4('127.0.0.1'));
    expect(await permitted('http://minio:9000', 'minio:9000', local)).toBe(true);
    expect(await permitted('http://MINIO.:9000/', 'minio:9000', local)).toBe(true);
    expect(await permitted('http://minio:9001', 'minio:9000', local)).toBe(false);
    expect(await permitted('http://minio:9001', 'minio', local)).toBe(true);
    expect(await permitted('http://minio', 'minio:80', local)).toBe(true);
    expect(await permitted('https://minio', 'minio:80', local)).toBe(false);
    expect(await permitted('http://[::1]:9000', '[::1]:9000')).toBe(true);
    expect(await permitted('http://10.0.0.5:9000', '10.0.0.5:9000')).toBe(true);
    // An allowed address does not allow a name that resolves to it: the operator names what tenants may use.
    expect(await permitted('http://localhost:9000', '127.0.0.1', local)).toBe(false);
    expect(local).toHaveBeenCalledWith('localhost', { all: true });
  });
});

describe('literalEndpointRefusal (when a client is made)', () => {
  it('refuses private IP literals that are not allowed, and leaves names to the lookup', () => {
    expect(literalEndpointRefusal('http://169.254.169.254', [])).toBeInstanceOf(PrivateEndpointError);
    expect(literalEndpointRefusal('http://[fe80::1]:9000', [])).toMatchObject({ host: '[fe80::1]' });
    expect(literalEndpointRefusal('http://127.0.0.1:9000', parsePrivateEndpoints('127.0.0.1'))).toBeNull();
    expect(literalEndpointRefusal('http://127.0.0.1:9000', parsePrivateEndpoints('127.0.0.1:9001'))).not.toBeNull();
    expect(literalEndpointRefusal('http://localhost:9000', [])).toBeNull();
    expect(literalEndpointRefusal(undefined, [])).toBeNull();
  });
});

describe('guardedLookup (when a connection is made)', () => {
  function fakeDns(answers: Record<string, LookupAddress[]>) {
    const calls: Array<{ hostname: string; options: object }> = [];
    const base = (
      hostname: string,
      options: object,
      callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
    ) => {
      calls.push({ hostname, options });
      const found = answers[hostname];
      if (found) callback(null, found);
      else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    };
    return { base, calls };
  }

  function lookUp(lookup: ReturnType<typeof guardedLookup>, hostname: string, options: object) {
    return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
    );
  }

  it('refuses a name that has come to resolve to a private address (DNS rebinding)', async () => {
    const answers: Record<string, LookupAddress[]> = { 'bucket.example.com': [v4('93.184.216.34')] };
    const { base } = fakeDns(answers);
    const lookup = guardedLookup([], 443, base);
    expect(await lookUp(lookup, 'bucket.example.com', {})).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    answers['bucket.example.com'] = [v4('169.254.169.254')];
    const refused = await lookUp(lookup, 'bucket.example.com', {});
    expect(refused.error).toBeInstanceOf(PrivateEndpointError);
    expect(refused.error).toMatchObject({ code: 'EPRIVATEENDPOINT', host: 'bucket.example.com' });
  });

  it('answers in the shape asked for, all addresses when Node tries several families', async () => {
    const { base, calls } = fakeDns({ 'dual.example.com': [v6('2606:4700::1'), v4('1.1.1.1')] });
    const lookup = guardedLookup([], 443, base);
    expect(await lookUp(lookup, 'dual.example.com', { all: true, family: 0 })).toEqual({
      error: null,
      address: [v6('2606:4700::1'), v4('1.1.1.1')],
      family: undefined,
    });
    expect(await lookUp(lookup, 'dual.example.com', { family: 6 })).toMatchObject({ address: '2606:4700::1' });
    expect(calls.map((c) => c.options)).toEqual([
      { all: true, family: 0 },
      { family: 6, all: true },
    ]);
    const { base: mixed } = fakeDns({ 'mixed.example.com': [v4('1.1.1.1'), v6('::ffff:10.0.0.1')] });
    const refused = await lookUp(guardedLookup([], 443, mixed), 'mixed.example.com', { all: true });
    expect(refused.error).toBeInstanceOf(PrivateEndpointError);
  });

  it('lets names the operator allowed resolve to private addresses, on the client’s port', async () => {
    const { base } = fakeDns({ minio: [v4('172.18.0.4')] });
    expect(await lookUp(guardedLookup(parsePrivateEndpoints('minio:9000'), 9000, base), 'minio', {})).toMatchObject({
      error: null,
      address: '172.18.0.4',
    });
    expect(
      (await lookUp(guardedLookup(parsePrivateEndpoints('minio:9000'), 9001, base), 'minio', {})).error,
    ).toBeInstanceOf(PrivateEndpointError);
  });

  it('passes resolver failures through', async () => {
    const { base } = fakeDns({});
    expect((await lookUp(guardedLookup([], 443, base), 'gone.example.com', {})).error).toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

describe('an S3 client on a private endpoint', () => {
  const base = {
    region: 'us-east-1',
    bucket: 'media',
    prefix: '',
    credentials: { accessKeyId: 'KEY', secretAccessKey: 'SECRET' },
    forcePathStyle: true,
  };

  // A port that accepts connections and counts them: a refused client must not even connect.
  let connections = 0;
  let port = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    connections = 0;
  });

  it.each(['http', 'https'])('refuses over %s a name that resolves to a loopback address', async (scheme) => {
    const storage = createS3Storage({ ...base, endpoint: `${scheme}://localhost:${port}` });
    await expect(storage.test()).rejects.toMatchObject({
      reason: 'unreachable',
      message: 'The storage endpoint is on a private network; the operator has not allowed it.',
    });
    await expect(storage.head('a.txt')).rejects.toMatchObject({ reason: 'unreachable' });
    storage.destroy();
    expect(connections).toBe(0);
  });

  it.each(['http://127.0.0.1', 'http://169.254.169.254', 'http://[::1]'])(
    'refuses the IP literal %s without connecting',
    async (host) => {
      const storage = createS3Storage({ ...base, endpoint: `${host}:${port}` });
      await expect(storage.list('')).rejects.toMatchObject({
        reason: 'unreachable',
        message: expect.stringMatching(/private network/),
      });
      storage.destroy();
      expect(connections).toBe(0);
    },
  );

  it('connects where the operator allowed it', async () => {
    const storage = createS3Storage({
      ...base,
      endpoint: `http://localhost:${port}`,
      privateEndpoints: parsePrivateEndpoints(`localhost:${port}`),
    });
    // The stand-in server hangs up: the request got through the guard and failed at the far end.
    const failure = await storage.head('a.txt').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toMatch(/private network/);
    storage.destroy();
    expect(connections).toBeGreaterThan(0);
  });
});
