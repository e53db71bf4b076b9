import { grantedPermissions, isAdmin, parseTenantConfig } from '@mam/core';
import type { TrpcContext } from '../../context';

/** What the console needs to know about the signed-in user; null when nobody is signed in. */
export async function sessionView(ctx: TrpcContext) {
  const session = await ctx.session();
  if (!session) return null;
  const { user, tenant, actor } = session;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      isSuperAdmin: user.isSuperAdmin,
      mfaEnabled: user.mfaEnabled,
      external: user.external,
    },
    tenant: {
      id: tenant.id,
      slug: tenant.slug,
      name: tenant.name,
      // The search page opens on the tenant's 'Assets' or 'All' filter for everyone, not only administrators.
      defaultSearchFilter: parseTenantConfig(tenant.config).defaultSearchFilter,
    },
    permissions: grantedPermissions(actor),
    isAdmin: isAdmin(actor),
    featureFlags: await ctx.services.deps.repos.featureFlags.enabledFor(tenant.id),
    mfaEnrolmentRequired: session.mfaEnrolmentRequired,
  };
}

export type TSessionView = NonNullable<Awaited<ReturnType<typeof sessionView>>>;
