import { consoleCalls } from './console-calls';
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
  const calls = await consoleCalls(server);
  const created = await calls.mutate<{ secret: string }>('apiKeys.create', {
    label,
    expiresAt: null,
    maxUnusedDays: null,
  });
  return created.secret;
}
