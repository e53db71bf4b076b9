import { AppError } from '../errors/app-error';
import { can, isAdmin, type Actor } from '../permissions/actor';
import type { AccessControlled } from './access.rules';
import { sameAccess, type Access, type AccessField } from './access.schema';

/**
 * Checks that `actor` may set `field` of `resource` to `next` (spec section 5 "Access settings"). It does not
 * check update access to the resource itself; callers do that with `canUpdate` first. For a new resource pass
 * ownerId = the creator and null settings.
 *
 * - Unchanged settings always pass, so saving an item someone else restricted does not fail on its access lists.
 * - owner level: admins on any resource; otherwise only the owner, and only with setVisibleToSelf. This reconciles
 *   "Only the owner can set visibility to owner-only" with "owner/admins": a non-owner non-admin never can.
 * - selected_groups: admins or setVisibleToGroups; otherwise only a single group equal to the actor's primary group
 *   while the actor is outside the organisation group (so such users can keep work inside their own group).
 * - tenant level (or null): no permission needed.
 */
export function assertAccessChange(actor: Actor, resource: AccessControlled, next: Access, field: AccessField): void {
  if (sameAccess(resource[field], next)) return;
  switch (next.level) {
    case 'tenant':
      return;
    case 'owner': {
      const ownerWithPermission = resource.ownerId === actor.userId && can(actor, 'setVisibleToSelf');
      if (isAdmin(actor) || ownerWithPermission) return;
      throw new AppError('OWNER_ONLY_FORBIDDEN', { params: { field } });
    }
    case 'selected_groups': {
      if (next.groups.length === 0) throw new AppError('SELECTED_GROUPS_EMPTY', { params: { field } });
      if (isAdmin(actor) || can(actor, 'setVisibleToGroups')) return;
      if (isOwnPrimaryGroupOutsideOrg(actor, next.groups)) return;
      throw new AppError('GROUP_RESTRICTION_FORBIDDEN', { params: { field } });
    }
  }
}

function isOwnPrimaryGroupOutsideOrg(actor: Actor, groups: readonly string[]): boolean {
  const onlyGroup = new Set(groups).size === 1 ? groups[0] : undefined;
  return (
    actor.primaryGroupId !== null && onlyGroup === actor.primaryGroupId && !actor.groupIds.includes(actor.orgGroupId)
  );
}
