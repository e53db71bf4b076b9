import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { parseTenantConfig } from '@mam/core';
import type { TTenantRow, TUserRow } from '@mam/db';
import type { AuthedActor, RequestMeta, Services } from '../services';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../http/cookies';
import { CONSOLE_ORIGIN_HEADER, linkBaseOf } from '../http/link-base';

export interface SessionContext {
  token: string;
  user: TUserRow;
  tenant: TTenantRow;
  actor: AuthedActor;
  mfaEnrolmentRequired: boolean;
}

export interface TrpcContext {
  services: Services;
  meta: RequestMeta;
  log: FastifyBaseLogger;
  /** Resolved at most once per request, and only by procedures that need it. */
  session(): Promise<SessionContext | null>;
  startSession(token: string): void;
  endSession(): void;
  publicUrl: string;
}

export function createContextFactory(services: Services, publicUrl: string) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): TrpcContext => {
    let resolved: Promise<SessionContext | null> | undefined;
    const token = req.cookies[SESSION_COOKIE];
    return {
      services,
      log: req.log,
      publicUrl,
      meta: {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
        linkBase: linkBaseOf({
          publicUrl,
          publicUrlSet: services.deps.config.publicUrlSet ?? false,
          claimedOrigin: firstHeader(req.headers[CONSOLE_ORIGIN_HEADER]),
          requestHost: req.host,
        }),
      },
      session: () => {
        resolved ??= (async () => {
          if (!token) return null;
          const session = await services.sessions.resolve(token);
          if (!session) return null;
          // The tenant row came with the session; reading it again would cost a query on every request.
          const config = parseTenantConfig(session.tenant.config);
          return {
            token,
            user: session.user,
            tenant: session.tenant,
            actor: session.actor,
            mfaEnrolmentRequired: config.toggles.enforceMfa && !session.user.mfaEnabled && !session.user.external,
          };
        })();
        return resolved;
      },
      startSession: (newToken) => setSessionCookie(res, newToken, publicUrl, services.deps.secretBox),
      endSession: () => clearSessionCookie(res, publicUrl, services.deps.secretBox),
    };
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
