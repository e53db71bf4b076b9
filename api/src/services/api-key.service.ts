import { AppError, apiKeyState, assertCan, assertExpiryInFuture } from '@mam/core';
import type { TApiKeyRow, TTenantRow, TUserRow } from '@mam/db';
import { randomToken, sha256 } from '../security/tokens';
import { loadActor, type AuthedActor } from './actor.service';
import { orNotFound, type AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

// Spec section 7: key lookups are cached for a few minutes.
export const API_KEY_CACHE_TTL_MS = 3 * 60_000;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export interface ApiKeyPrincipal {
  key: TApiKeyRow;
  user: TUserRow;
  tenant: TTenantRow;
  actor: AuthedActor;
}

export function toApiKeyView(row: TApiKeyRow, now: Date) {
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    active: row.active,
    expiresAt: row.expiresAt,
    maxUnusedDays: row.maxUnusedDays,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state: apiKeyState(row, now),
  };
}

export function createApiKeyService(deps: ServiceDeps, audit: AuditService) {
  const cache = new Map<string, { principal: ApiKeyPrincipal; until: number }>();

  function forget(predicate: (principal: ApiKeyPrincipal) => boolean) {
    for (const [hash, entry] of cache) if (predicate(entry.principal)) cache.delete(hash);
  }

  return {
    async list(actor: AuthedActor) {
      assertCan(actor, 'apiKeys');
      const now = deps.clock();
      return (await deps.repos.apiKeys.listForUser(actor.tenantId, actor.userId)).map((r) => toApiKeyView(r, now));
    },

    async create(
      actor: AuthedActor,
      input: { label: string; expiresAt: string | null; maxUnusedDays: number | null },
      meta: RequestMeta | null,
    ) {
      assertCan(actor, 'apiKeys');
      if (input.expiresAt) assertExpiryInFuture(input.expiresAt, deps.clock());
      const prefix = `mam_${randomToken(4).replace(/[-_]/g, '0').slice(0, 6)}`;
      const secret = `${prefix}_${randomToken(32)}`;
      const row = await audit.change(
        actor,
        meta,
        async (tx) => {
          const inserted = await tx.apiKeys.insert(actor.tenantId, {
            userId: actor.userId,
            label: input.label.trim(),
            prefix,
            secretHash: sha256(secret),
            expiresAt: input.expiresAt,
            maxUnusedDays: input.maxUnusedDays,
          });
          return inserted;
        },
        (inserted) => ({
          action: 'api_key.created',
          targetType: 'api_key',
          targetId: inserted.id,
          subject: inserted.label,
          summary: `API key "${inserted.label}" created`,
        }),
      );
      return { apiKey: toApiKeyView(row, deps.clock()), secret };
    },

    async setActive(actor: AuthedActor, id: string, active: boolean, meta: RequestMeta | null) {
      assertCan(actor, 'apiKeys');
      const row = await audit.change(
        actor,
        meta,
        orNotFound((tx) => tx.apiKeys.setActive(actor.tenantId, actor.userId, id, active)),
        (updated) => ({
          action: active ? 'api_key.activated' : 'api_key.deactivated',
          targetType: 'api_key',
          targetId: id,
          subject: updated.label,
          summary: `API key "${updated.label}" ${active ? 'activated' : 'deactivated'}`,
        }),
      );
      forget((p) => p.key.id === id);
      return toApiKeyView(row, deps.clock());
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null) {
      assertCan(actor, 'apiKeys');
      await audit.change(
        actor,
        meta,
        orNotFound((tx) => tx.apiKeys.delete(actor.tenantId, actor.userId, id)),
        (row) => ({
          action: 'api_key.deleted',
          targetType: 'api_key',
          targetId: id,
          subject: row.label,
          summary: `API key "${row.label}" deleted`,
        }),
      );
      forget((p) => p.key.id === id);
    },

    /** The principal behind a presented key; cached, and re-checked for state on every call. */
    async authenticate(secret: string): Promise<ApiKeyPrincipal> {
      const hash = sha256(secret);
      const now = deps.clock();
      let principal = cache.get(hash);
      if (!principal || principal.until <= now.getTime()) {
        const key = await deps.repos.apiKeys.findBySecretHash(hash);
        const user = key && (await deps.repos.users.findById(key.tenantId, key.userId));
        const tenant = key && (await deps.repos.tenants.findById(key.tenantId));
        if (!key || !user || !tenant) {
          cache.delete(hash);
          throw new AppError('API_KEY_INVALID');
        }
        principal = {
          principal: { key, user, tenant, actor: await loadActor(deps, user) },
          until: now.getTime() + API_KEY_CACHE_TTL_MS,
        };
        cache.set(hash, principal);
      }
      const { key, user, tenant } = principal.principal;
      if (apiKeyState(key, now) !== 'active') throw new AppError('API_KEY_INVALID');
      if (!user.active) throw new AppError('ACCOUNT_DEACTIVATED');
      if (!tenant.active) throw new AppError('TENANT_DEACTIVATED');
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
        key.lastUsedAt = now;
        await deps.repos.apiKeys.touchLastUsed(key.tenantId, key.id, now);
      }
      return principal.principal;
    },

    /** Deactivating or deleting a user takes effect at once on this server, cache or not. */
    forgetUser(tenantId: string, userId: string) {
      forget((p) => p.user.tenantId === tenantId && p.user.id === userId);
    },
    forgetTenant(tenantId: string) {
      forget((p) => p.tenant.id === tenantId);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
