import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * A minimal OpenID Connect provider on loopback: discovery, JWKS, an authorize endpoint that signs in `identity`
 * at once, and a token endpoint that checks the PKCE verifier and issues an RS256 ID token.
 */
export async function startFakeOidcProvider(clientId: string, clientSecret: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; identity: FakeIdentity }>();
  const state = {
    identity: { sub: 'user-1', email: 'sso@idp.test', name: 'Sso User' } as FakeIdentity,
    /** Requests the provider has answered, so a test can tell that the server never reached it. */
    requests: 0,
  };
  let issuer = '';

  const server: Server = createServer((req, res) => {
    state.requests += 1;
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          nonce: url.searchParams.get('nonce') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
          identity: state.identity,
        });
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('iss', issuer);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const form = new URLSearchParams(body);
        const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [basicId, basicSecret] = auth.split(':').map(decodeURIComponent);
        const id = basicId || form.get('client_id');
        const secret = basicSecret || form.get('client_secret');
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const { createHash } = await import('node:crypto');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (id !== clientId || secret !== clientSecret || !grant || grant.challenge !== challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        const idToken = await new SignJWT({
          nonce: grant.nonce,
          email: grant.identity.email,
          name: grant.identity.name,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'test' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(grant.identity.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      }
      json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
