import { AppError, assertCan, parseTenantConfig, redactTenantConfig, type TTenantConfig } from '@mam/core';
import type { AuthedActor } from './actor.service';
import type { ApiKeyService } from './api-key.service';
import type { AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export function createTenantConfigService(deps: ServiceDeps, apiKeys: ApiKeyService, audit: AuditService) {
  async function current(tenantId: string): Promise<TTenantConfig> {
    const tenant = await deps.repos.tenants.findById(tenantId);
    if (!tenant) throw new AppError('NOT_FOUND');
    return parseTenantConfig(tenant.config);
  }

  return {
    /** For server-side use (upload rules, share limits): secrets included. */
    current,

    async get(actor: AuthedActor) {
      assertCan(actor, 'tenantAdmin');
      return redactTenantConfig(await current(actor.tenantId));
    },

    /** Validates the whole document; a bad value changes nothing. */
    async update(actor: AuthedActor, input: unknown, meta: RequestMeta | null) {
      assertCan(actor, 'tenantAdmin');
      const previous = await current(actor.tenantId);
      const parsed = parseTenantConfig(input, previous);
      // The quota is the operator's to set, not the tenant's: a client that leaves it out keeps the stored one.
      const sentQuota = typeof input === 'object' && input !== null && 'storageQuotaBytes' in input;
      const next = sentQuota ? parsed : { ...parsed, storageQuotaBytes: previous.storageQuotaBytes };
      if (next.storageQuotaBytes !== previous.storageQuotaBytes && !actor.isSuperAdmin)
        throw new AppError('QUOTA_SUPER_ADMIN_ONLY');
      await audit.change(
        actor,
        meta,
        async (tx) => {
          await tx.tenants.updateConfig(
            actor.tenantId,
            next.organizationName,
            next as unknown as Record<string, unknown>,
          );
        },
        () => ({
          action: 'tenant.config_changed',
          targetType: 'tenant',
          targetId: actor.tenantId,
          summary: 'Tenant configuration changed',
        }),
      );
      // API-key principals carry the tenant row; a newly blocked extension must apply to their next upload.
      apiKeys.forgetTenant(actor.tenantId);
      return redactTenantConfig(next);
    },
  };
}

export type TenantConfigService = ReturnType<typeof createTenantConfigService>;
