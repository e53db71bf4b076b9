import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { redactUrl, requestLogOptions } from './request-log';

const SHARE_TOKEN = 'shr_Sup3rS3cretShareToken0123456789';
const UPLOAD_TOKEN = 'upr_An0therS3cretUploadToken987654';

/** A Fastify app logging through the server's options into memory, as main.ts builds it. */
async function loggedApp() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(requestLogOptions('info'), sink);
  const app = Fastify({ loggerInstance: logger });
  app.get('/s/:token', async () => 'page');
  app.get('/api/v1/public/shares/:token', async () => ({ ok: true }));
  app.post('/api/v1/public/upload-requests/:token/unlock', async () => ({ ok: true }));
  app.get('/api/v1/public/shares/:token/media/:item/:kind/:expires/:signature/*', async (request, reply) => {
    request.log.error({ err: new Error(`could not read ${request.url}`) }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL' });
  });
  app.get('/api/auth/sso/callback', async () => 'signed in');
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('never print a share or upload-request token, in request lines or in errors', async () => {
    const { app, lines } = await loggedApp();
    await app.inject({ url: `/s/${SHARE_TOKEN}?item=1` });
    await app.inject({ url: `/api/v1/public/shares/${SHARE_TOKEN}` });
    await app.inject({ method: 'POST', url: `/api/v1/public/upload-requests/${UPLOAD_TOKEN}/unlock`, payload: {} });
    await app.inject({ url: `/api/v1/public/shares/${SHARE_TOKEN}/media/i1/proxy/99/sig/file.mp4` });
    await app.inject({ url: '/api/auth/sso/callback?code=AUTHCODE123&state=STATE456' });
    await app.close();

    const text = lines.join('\n');
    expect(text).not.toContain(SHARE_TOKEN);
    expect(text).not.toContain(UPLOAD_TOKEN);
    expect(text).not.toContain('AUTHCODE123');
    expect(text).not.toContain('STATE456');
    // The log still says which call it was.
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/s/[redacted]?item=1',
        '/api/v1/public/shares/[redacted]',
        '/api/v1/public/upload-requests/[redacted]/unlock',
      ]),
    );
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(failure.find((line) => line.msg === 'request failed')?.err?.message).toBe(
      'could not read /api/v1/public/shares/[redacted]/media/i1/proxy/99/sig/file.mp4',
    );
  });

  it('redacts only the token segment of the link paths', () => {
    expect(redactUrl('/u/abc/def')).toBe('/u/[redacted]/def');
    expect(redactUrl('https://mam.example/s/abc#x')).toBe('https://mam.example/s/[redacted]#x');
    expect(redactUrl('/search?q=s/abc')).toBe('/search?q=s/abc');
    expect(redactUrl('/assets/s/x.js')).toBe('/assets/s/x.js');
  });
});
