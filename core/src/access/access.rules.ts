import { can, isAdmin, type Actor } from '../permissions/actor';
import type { Access } from './access.schema';

/** The access-relevant part of an item or folder. */
export interface AccessControlled {
  ownerId: string | null;
  createdBy: string | null;
  visibleTo: Access | null;
  updatableBy: Access | null;
  /** When given, actors of other tenants are refused (super administrators excepted) as defence in depth. */
  tenantId?: string;
}

function isOwner(actor: Actor, resource: AccessControlled): boolean {
  return resource.ownerId !== null && resource.ownerId === actor.userId;
}

function inOtherTenant(actor: Actor, resource: AccessControlled): boolean {
  return resource.tenantId !== undefined && resource.tenantId !== actor.tenantId && !actor.isSuperAdmin;
}

function isOrgMember(actor: Actor): boolean {
  return actor.groupIds.includes(actor.orgGroupId);
}

/** The shared rule for one access setting once admins and owners are out of the way (spec section 6). */
function accessGrants(actor: Actor, access: Access | null): boolean {
  const level = access?.level ?? 'tenant';
  switch (level) {
    case 'tenant':
      return isOrgMember(actor);
    case 'owner':
      return false;
    case 'selected_groups':
      return (access?.groups ?? []).some((group) => actor.groupIds.includes(group));
  }
}

/**
 * Admins and the owner always see the resource; readAllContents and writeAllContents ignore access lists
 * (writing something one cannot see makes no sense, so write includes read). Otherwise visibleTo decides.
 */
export function canView(actor: Actor, resource: AccessControlled): boolean {
  if (inOtherTenant(actor, resource)) return false;
  if (isAdmin(actor) || isOwner(actor, resource)) return true;
  if (can(actor, 'readAllContents') || can(actor, 'writeAllContents')) return true;
  return accessGrants(actor, resource.visibleTo);
}

/**
 * Update access only: admins, the owner and writeAllContents holders always; otherwise updatableBy decides, where
 * "no restriction" means the owner or an organisation member. Callers check the `update` permission separately
 * (UPDATE_ITEMS_FORBIDDEN) from this per-resource check (UPDATE_ITEM_FORBIDDEN).
 */
export function canUpdate(actor: Actor, resource: AccessControlled): boolean {
  if (inOtherTenant(actor, resource)) return false;
  if (isAdmin(actor) || isOwner(actor, resource)) return true;
  if (can(actor, 'writeAllContents')) return true;
  return accessGrants(actor, resource.updatableBy);
}

export type DeleteAction = 'delete' | 'recover';

const actionPermission = { delete: 'delete', recover: 'recoverDeleted' } as const;

/**
 * Reading of spec section 6: owners and creators may delete or recover their own items whatever their permissions.
 * Anyone else needs the permission (delete / recoverDeleted) AND update access to the item, so the permission
 * never reaches items the user could not otherwise change. Admins may always.
 */
export function canDeleteOrRecover(actor: Actor, resource: AccessControlled, action: DeleteAction): boolean {
  if (inOtherTenant(actor, resource)) return false;
  if (isAdmin(actor) || isOwner(actor, resource)) return true;
  if (resource.createdBy !== null && resource.createdBy === actor.userId) return true;
  return can(actor, actionPermission[action]) && canUpdate(actor, resource);
}

export function canDelete(actor: Actor, resource: AccessControlled): boolean {
  return canDeleteOrRecover(actor, resource, 'delete');
}

export function canRecover(actor: Actor, resource: AccessControlled): boolean {
  return canDeleteOrRecover(actor, resource, 'recover');
}

/**
 * `canView` as data, for queries that must filter in the database (search counts and facets may not include
 * what the actor cannot see). `all`: no filter. `restricted`: the owner sees theirs; otherwise visibleTo decides
 * with these group memberships.
 */
export type TViewScope =
  { kind: 'all' } | { kind: 'restricted'; userId: string; orgMember: boolean; groupIds: readonly string[] };

export function viewScope(actor: Actor): TViewScope {
  if (isAdmin(actor) || can(actor, 'readAllContents') || can(actor, 'writeAllContents')) return { kind: 'all' };
  return { kind: 'restricted', userId: actor.userId, orgMember: isOrgMember(actor), groupIds: actor.groupIds };
}
