import type { RunningServer } from './server';

export function cookieValue(response: Response, name: string): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq).trim() === name) return decodeURIComponent(pair!.slice(eq + 1).trim());
  }
  return null;
}

/** Signs in as the console does (CSRF cookie, login, session cookie) and creates an API key. */
export async function createApiKey(
  server: Pick<RunningServer, 'url' | 'adminEmail' | 'adminPassword'>,
  label = 'robot',
) {
  const health = await fetch(`${server.url}/api/health`);
  const csrf = cookieValue(health, 'mam_csrf');
  if (!csrf) throw new Error('GET /api/health set no mam_csrf cookie');
  const call = async (procedure: string, input: unknown, cookies: string) => {
    const response = await fetch(`${server.url}/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': csrf },
      body: JSON.stringify(input),
    });
    if (!response.ok) throw new Error(`${procedure} failed ${response.status}: ${await response.text()}`);
    return response;
  };
  const login = await call(
    'auth.login',
    { organisation: 'demo', email: server.adminEmail, password: server.adminPassword },
    `mam_csrf=${csrf}`,
  );
  const status = ((await login.json()) as { result: { data: { status: string } } }).result.data.status;
  if (status !== 'ok') throw new Error(`auth.login answered ${status}`);
  const session = cookieValue(login, 'mam_session');
  if (!session) throw new Error('auth.login set no mam_session cookie');
  const created = await call(
    'apiKeys.create',
    { label, expiresAt: null, maxUnusedDays: null },
    `mam_csrf=${csrf}; mam_session=${session}`,
  );
  return ((await created.json()) as { result: { data: { secret: string } } }).result.data.secret;
}
