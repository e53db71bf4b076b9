import type { RunningServer } from './server';

/** Calls the REST API with an API key, on whichever server runs now (a restart replaces it); JSON in and out. */
export function restCaller(current: () => Pick<RunningServer, 'url'>, key: string) {
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${current().url}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}
