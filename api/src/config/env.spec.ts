import { parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.API_KEY_HEADER).toBe('Authorization');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
  });

  it.each([
    ['PORT', 'eighty', 'PORT'],
    ['ADMIN_EMAIL', 'not-an-email', 'ADMIN_EMAIL'],
    ['SECRET_KEY', 'short', 'SECRET_KEY'],
    ['DATABASE_URL', 'not a url', 'DATABASE_URL'],
  ])('names the variable when %s is bad', (name, value, expected) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment:\\n  ${expected}:`));
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('allows no private storage endpoints unless listed', () => {
    expect(parseEnv({}).STORAGE_PRIVATE_ENDPOINTS).toEqual([]);
    expect(parseEnv({ STORAGE_PRIVATE_ENDPOINTS: 'minio:9000, [fd00::5]' }).STORAGE_PRIVATE_ENDPOINTS).toEqual([
      { host: 'minio', port: 9000 },
      { host: '[fd00::5]', port: null },
    ]);
  });

  it('names STORAGE_PRIVATE_ENDPOINTS and the entry that is not host[:port]', () => {
    expect(() => parseEnv({ STORAGE_PRIVATE_ENDPOINTS: 'minio:9000,http://minio:9000' })).toThrow(
      /^Invalid environment:\n {2}STORAGE_PRIVATE_ENDPOINTS: "http:\/\/minio:9000" is not host or host:port/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    for (const bad of ['proxy.local', '10.0.0.0/33', 'yes'])
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/^Invalid environment:\n {2}TRUST_PROXY:/);
  });

  it('reads MAX_UPLOAD_BYTES as a whole number of bytes, unset by default', () => {
    expect(parseEnv({}).MAX_UPLOAD_BYTES).toBeUndefined();
    expect(parseEnv({ MAX_UPLOAD_BYTES: '2199023255552' }).MAX_UPLOAD_BYTES).toBe(2 * 1024 ** 4);
    expect(() => parseEnv({ MAX_UPLOAD_BYTES: '1 TiB' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => parseEnv({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
  });
});
