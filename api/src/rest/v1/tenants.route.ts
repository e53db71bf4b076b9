import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { ZSetTenantQuotaInput } from '../../trpc/procedures/tenants/set-tenant-quota.procedure';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });

export const ZTenantStorage = z
  .object({
    tenantId: z.uuid(),
    storageQuotaBytes: z
      .number()
      .int()
      .nullable()
      .describe('The most the tenant may store; null: unlimited. Uploads past it are refused'),
    storedBytes: z
      .number()
      .int()
      .describe(
        'Originals, renditions (proxies, HLS, thumbnails, filmstrips…) and the declared size of uploads in progress',
      ),
  })
  .meta({ id: 'TenantStorage' });

export const getTenantStorageRoute = defineRoute({
  method: 'GET',
  path: '/tenants/:id/storage',
  operationId: 'getTenantStorage',
  summary:
    "A tenant's storage quota and what it stores: any tenant for a system administrator's key, the own tenant for an administrator's",
  tags: ['Tenants'],
  params: ZIdParams,
  response: ZTenantStorage,
  handler: async ({ params }, { services, principal }) => services.system.tenantStorage(principal.actor, params.id),
});

export const setTenantQuotaRoute = defineRoute({
  method: 'PUT',
  path: '/tenants/:id/storage/quota',
  operationId: 'setTenantStorageQuota',
  summary: "Sets a tenant's storage quota (system administrators only); null removes it",
  tags: ['Tenants'],
  params: ZIdParams,
  body: ZSetTenantQuotaInput.pick({ storageQuotaBytes: true }).meta({ id: 'TenantQuota' }),
  response: ZTenantStorage,
  handler: async ({ params, body }, { services, principal, request }) =>
    services.system.setTenantQuota(principal.actor, params.id, body.storageQuotaBytes, restMeta(request)),
});

export const tenantRoutes = [getTenantStorageRoute, setTenantQuotaRoute] as unknown as RestRoute[];
