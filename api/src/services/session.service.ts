import { AppError } from '@mam/core';
import type { Repositories, TTenantRow, TUserRow } from '@mam/db';
import { randomToken, sha256 } from '../security/tokens';
import { loadActor, type AuthedActor } from './actor.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export interface ResolvedSession {
  tokenHash: string;
  user: TUserRow;
  tenant: TTenantRow;
  actor: AuthedActor;
}

// Writing last-seen on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionService(deps: ServiceDeps) {
  const ttlMs = () => deps.config.sessionTtlHours * 3_600_000;

  return {
    /** Starts a session and returns the cookie token (only its hash is stored). */
    async start(user: TUserRow, meta: RequestMeta): Promise<string> {
      const token = randomToken();
      const now = deps.clock();
      await deps.repos.sessions.insert(user.tenantId, {
        tokenHash: sha256(token),
        userId: user.id,
        userEpoch: user.sessionEpoch,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs()),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      await deps.repos.users.update(user.tenantId, user.id, { lastLoginAt: now });
      return token;
    },

    /**
     * The session behind a cookie token, or null when it is unknown, expired or voided. A deactivated user
     * or tenant raises instead, so the console can say why.
     */
    async resolve(token: string): Promise<ResolvedSession | null> {
      const tokenHash = sha256(token);
      const row = await deps.repos.sessions.findByTokenHash(tokenHash);
      const now = deps.clock();
      if (!row || row.expiresAt <= now) return null;
      const user = await deps.repos.users.findById(row.tenantId, row.userId);
      const tenant = await deps.repos.tenants.findById(row.tenantId);
      if (!user || !tenant || row.userEpoch !== user.sessionEpoch) return null;
      if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');
      if (!tenant.active && !user.isSuperAdmin) throw new AppError('TENANT_DEACTIVATED');
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await deps.repos.sessions.touch(tokenHash, now, new Date(now.getTime() + ttlMs()));
      }
      return { tokenHash, user, tenant, actor: await loadActor(deps, user) };
    },

    async end(token: string): Promise<void> {
      await deps.repos.sessions.delete(sha256(token));
    },

    /** Voids every session of a user, including ones another server process is serving right now. */
    /** Pass the repositories of a transaction to end them together with the change that calls for it. */
    async endAllFor(user: TUserRow, repos: Pick<Repositories, 'users' | 'sessions'> = deps.repos): Promise<void> {
      await repos.users.bumpSessionEpoch(user.tenantId, user.id);
      await repos.sessions.deleteForUser(user.tenantId, user.id);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
