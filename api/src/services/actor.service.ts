import { effectivePermissions, type Actor } from '@mam/core';
import type { TUserRow } from '@mam/db';
import type { ServiceDeps } from './service-deps';

/** The principal of a signed-in request; the email names it in the audit trail. */
export type AuthedActor = Actor & { email: string };

/** Builds the principal every permission check takes, from the user's groups as they are right now. */
export async function loadActor(deps: ServiceDeps, user: TUserRow): Promise<AuthedActor> {
  const groups = await deps.repos.users.groupsOf(user.tenantId, user.id);
  const organisation = await deps.repos.groups.findByKind(user.tenantId, 'organisation');
  return {
    userId: user.id,
    email: user.email,
    tenantId: user.tenantId,
    isSuperAdmin: user.isSuperAdmin,
    groupIds: groups.map((g) => g.id),
    orgGroupId: organisation?.id ?? '',
    primaryGroupId: user.primaryGroupId,
    permissions: effectivePermissions(groups),
  };
}
