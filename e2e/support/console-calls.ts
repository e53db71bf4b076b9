import { cookieValue } from './api-key';
import type { RunningServer } from './server';

export interface TConsoleCalls {
  mutate<T>(procedure: string, input: unknown): Promise<T>;
  query<T>(procedure: string, input: unknown): Promise<T>;
}

type TServer = Pick<RunningServer, 'url' | 'adminEmail' | 'adminPassword'>;

/**
 * tRPC calls as the console makes them (CSRF cookie and header, session cookie), signed in as this user: the
 * administrator unless another is named.
 */
export async function consoleCalls(
  server: TServer,
  email = server.adminEmail,
  password = server.adminPassword,
): Promise<TConsoleCalls> {
  const anonymousCsrf = cookieValue(await fetch(`${server.url}/api/health`), 'mam_csrf');
  if (!anonymousCsrf) throw new Error('GET /api/health set no mam_csrf cookie');
  let csrf = anonymousCsrf;
  let cookies = `mam_csrf=${csrf}`;
  const call = async <T>(procedure: string, input: unknown, query = false) => {
    const response = query
      ? await fetch(`${server.url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers: { cookie: cookies },
        })
      : await fetch(`${server.url}/trpc/${procedure}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': csrf },
          body: JSON.stringify(input),
        });
    if (!response.ok) throw new Error(`${procedure} failed ${response.status}: ${await response.text()}`);
    return { data: ((await response.json()) as { result: { data: T } }).result.data, response };
  };
  const login = await call<{ status: string }>('auth.login', { organisation: 'demo', email, password });
  const session = cookieValue(login.response, 'mam_session');
  if (login.data.status !== 'ok' || !session) throw new Error(`auth.login answered ${login.data.status}`);
  // Signed in, the CSRF token is the one bound to the new session.
  csrf = cookieValue(login.response, 'mam_csrf') ?? csrf;
  cookies = `mam_csrf=${csrf}; mam_session=${session}`;
  return {
    mutate: async <T>(procedure: string, input: unknown) => (await call<T>(procedure, input)).data,
    query: async <T>(procedure: string, input: unknown) => (await call<T>(procedure, input, true)).data,
  };
}

/** The administrator's tRPC mutations. */
export async function adminCalls(server: TServer) {
  return (await consoleCalls(server)).mutate;
}
