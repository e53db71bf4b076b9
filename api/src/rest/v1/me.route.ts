import { grantedPermissions } from '@mam/core';
import { z } from 'zod';
import { defineRoute } from '../rest-route';

export const ZMeResponse = z
  .object({
    user: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
    tenant: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
    permissions: z.array(z.string()).describe('Effective permissions: group grants, defaults and implied ones'),
  })
  .meta({ id: 'Me' });

export const meRoute = defineRoute({
  method: 'GET',
  path: '/me',
  operationId: 'getMe',
  summary: "The API key's user, tenant and effective permissions",
  tags: ['Account'],
  response: ZMeResponse,
  handler: async (_input, { principal }) => ({
    user: { id: principal.user.id, email: principal.user.email, name: principal.user.name },
    tenant: { id: principal.tenant.id, slug: principal.tenant.slug, name: principal.tenant.name },
    permissions: grantedPermissions(principal.actor),
  }),
});
