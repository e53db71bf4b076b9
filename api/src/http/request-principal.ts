import { AppError } from '@mam/core';
import type { TTenantRow, TUserRow } from '@mam/db';
import type { FastifyRequest } from 'fastify';
import { presentedApiKey } from '../rest/rest.plugin';
import type { AuthedActor, Services } from '../services';
import { csrfHeaderValid, SESSION_COOKIE } from './cookies';

export interface RequestPrincipal {
  user: TUserRow;
  tenant: TTenantRow;
  actor: AuthedActor;
  via: 'session' | 'apiKey';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes outside tRPC that both the console and API-key clients call (uploads, media): an API key when one is
 * presented, else the session cookie. Cookie-authenticated writes must echo the CSRF cookie like tRPC mutations.
 */
export async function resolvePrincipal(
  request: FastifyRequest,
  services: Services,
  apiKeyHeader: string,
): Promise<RequestPrincipal> {
  const key = presentedApiKey(request, apiKeyHeader);
  if (key) {
    const principal = await services.apiKeys.authenticate(key);
    return { user: principal.user, tenant: principal.tenant, actor: principal.actor, via: 'apiKey' };
  }
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await services.sessions.resolve(token) : null;
  if (!session) throw new AppError('UNAUTHENTICATED');
  if (!SAFE_METHODS.has(request.method) && !csrfHeaderValid(request, services.deps.secretBox))
    throw new AppError('CSRF_FAILED');
  return { user: session.user, tenant: session.tenant, actor: session.actor, via: 'session' };
}
