import { AppError, can, parseTenantConfig, type Actor } from '@mam/core';
import type { TFeatureFlag } from '@mam/db';
import type { ApiKeyService } from './api-key.service';
import { orNotFound, type AuditService } from './audit.service';
import type { AuthedActor } from './actor.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import { provisionTenant } from './tenant-provisioning.service';

/** The feature flags section 2 of the spec names; they exist from the first start. */
export const knownFeatureFlags: Array<{ id: string; description: string }> = [
  { id: 'export', description: 'The export layout (/export)' },
  { id: 'browse', description: 'The browse layout (/browse)' },
  { id: 'rich', description: 'Rich features in the main layout' },
];

function assertSuperAdmin(actor: Actor) {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN');
}

/** What a tenant stores beside what it may store: originals, renditions and uploads in progress. */
export interface TTenantStorage {
  tenantId: string;
  /** null: unlimited. */
  storageQuotaBytes: number | null;
  storedBytes: number;
}

/** Tenants and feature flags: the super administrator's system overview. */
export function createSystemAdminService(deps: ServiceDeps, apiKeys: ApiKeyService, audit: AuditService) {
  return {
    async listTenants(actor: AuthedActor) {
      assertSuperAdmin(actor);
      try {
        const tenants = await deps.repos.tenants.listWithUserCounts();
        return await Promise.all(
          tenants.map(async (t) => ({
            id: t.id,
            slug: t.slug,
            name: t.name,
            active: t.active,
            userCount: t.userCount,
            createdAt: t.createdAt.toISOString(),
            storageQuotaBytes: parseTenantConfig(t.config).storageQuotaBytes,
            storedBytes: await deps.repos.items.storedBytes(t.id),
          })),
        );
      } catch (cause) {
        deps.logger.error({ err: cause }, 'listing tenants failed');
        throw new AppError('TENANTS_FETCH_FAILED', { cause });
      }
    },
    async createTenant(
      actor: AuthedActor,
      input: { slug: string; name: string; adminEmail: string; adminPassword: string },
      meta: RequestMeta | null,
    ) {
      assertSuperAdmin(actor);
      const { tenant } = await provisionTenant(deps, input, { audit, actor, meta });
      return {
        id: tenant.id,
        slug: tenant.slug,
        name: tenant.name,
        active: tenant.active,
        userCount: 1,
        createdAt: tenant.createdAt.toISOString(),
        storageQuotaBytes: null,
        storedBytes: 0,
      };
    },
    /**
     * A tenant's quota and what it stores: any tenant's for the super administrator, the own tenant's for its
     * administrators (tenantAdmin or tenantInfo); another tenant is NOT_FOUND, as if it did not exist.
     */
    async tenantStorage(actor: AuthedActor, id: string): Promise<TTenantStorage> {
      const own = id === actor.tenantId && (can(actor, 'tenantAdmin') || can(actor, 'tenantInfo'));
      if (!actor.isSuperAdmin && !own) {
        if (id === actor.tenantId) throw new AppError('FORBIDDEN');
        throw new AppError('NOT_FOUND');
      }
      const tenant = await deps.repos.tenants.findById(id);
      if (!tenant) throw new AppError('NOT_FOUND');
      return {
        tenantId: id,
        storageQuotaBytes: parseTenantConfig(tenant.config).storageQuotaBytes,
        storedBytes: await deps.repos.items.storedBytes(id),
      };
    },
    /** The operator's limit on what a tenant stores (null: unlimited); uploads past it are refused. */
    async setTenantQuota(
      actor: AuthedActor,
      id: string,
      quotaBytes: number | null,
      meta: RequestMeta | null,
    ): Promise<TTenantStorage> {
      assertSuperAdmin(actor);
      const tenant = await deps.repos.tenants.findById(id);
      if (!tenant) throw new AppError('NOT_FOUND');
      const config = { ...parseTenantConfig(tenant.config), storageQuotaBytes: quotaBytes };
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.tenants.updateConfig(id, tenant.name, config as unknown as Record<string, unknown>);
        },
        () => ({
          action: 'system.tenant_quota_changed',
          targetType: 'tenant',
          targetId: id,
          subject: tenant.name,
          summary: `Storage quota of ${tenant.name} ${quotaBytes === null ? 'removed' : `set to ${quotaBytes} bytes`}`,
        }),
      );
      // API-key principals carry the tenant row: the next upload must see the new quota.
      apiKeys.forgetTenant(id);
      return this.tenantStorage(actor, id);
    },
    async setTenantActive(actor: AuthedActor, id: string, active: boolean, meta: RequestMeta | null) {
      assertSuperAdmin(actor);
      if (id === actor.tenantId && !active) throw new AppError('CANNOT_CHANGE_SELF');
      await audit.change(
        actor,
        meta,
        orNotFound((tx) => tx.tenants.setActive(id, active)),
        (tenant) => ({
          action: active ? 'system.tenant_activated' : 'system.tenant_deactivated',
          targetType: 'tenant',
          targetId: id,
          subject: tenant.name,
          summary: `Organisation ${tenant.name} ${active ? 'activated' : 'deactivated'}`,
        }),
      );
      apiKeys.forgetTenant(id);
    },
    async listFeatureFlags(actor: AuthedActor) {
      assertSuperAdmin(actor);
      return deps.repos.featureFlags.list();
    },
    async upsertFeatureFlag(actor: AuthedActor, flag: TFeatureFlag, meta: RequestMeta | null) {
      assertSuperAdmin(actor);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.featureFlags.upsert(flag);
        },
        () => ({
          action: 'system.feature_flag_changed',
          targetType: 'feature_flag',
          targetId: flag.id,
          subject: flag.id,
          summary: `Feature flag ${flag.id} ${flag.enabledForAll ? 'enabled for all' : `enabled for ${flag.tenantIds.length} tenant(s)`}`,
        }),
      );
    },
    async deleteFeatureFlag(actor: AuthedActor, id: string, meta: RequestMeta | null) {
      assertSuperAdmin(actor);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.featureFlags.delete(id))) throw new AppError('NOT_FOUND');
        },
        () => ({
          action: 'system.feature_flag_deleted',
          targetType: 'feature_flag',
          targetId: id,
          subject: id,
          summary: `Feature flag ${id} deleted`,
        }),
      );
    },
  };
}

export type SystemAdminService = ReturnType<typeof createSystemAdminService>;
