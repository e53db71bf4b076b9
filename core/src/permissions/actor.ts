import { AppError } from '../errors/app-error';
import type { ErrorCode } from '../errors/error-catalogue';
import { effectivePermissions, type PermissionSettings } from './effective-permissions';
import { allPermissions, type Permission } from './permission.catalogue';

/** The principal every check takes: a signed-in user (or API key owner) inside one tenant. */
export interface Actor {
  userId: string;
  tenantId: string;
  isSuperAdmin: boolean;
  groupIds: string[];
  orgGroupId: string;
  primaryGroupId: string | null;
  permissions: ReadonlySet<Permission>;
}

/**
 * Checks tenant administrators pass without holding the permission. Spec section 6 names reprocess, change-owner
 * and the activity tabs; userManagement is here because the contract lets admins manage users and groups, and
 * backgroundJobs because tenant administrators steer their tenant's workflow runs.
 */
export const adminBypassPermissions: ReadonlySet<Permission> = new Set<Permission>([
  'reprocess',
  'changeOwner',
  'systemActivityDownload',
  'systemActivityProcessor',
  'systemActivityUpload',
  'userManagement',
  'backgroundJobs',
]);

/** Super administrator or tenant administrator (holds tenantAdmin). */
export function isAdmin(actor: Actor): boolean {
  return actor.isSuperAdmin || actor.permissions.has('tenantAdmin');
}

export function can(actor: Actor, permission: Permission): boolean {
  if (actor.isSuperAdmin || actor.permissions.has(permission)) return true;
  return adminBypassPermissions.has(permission) && isAdmin(actor);
}

export function assertCan(actor: Actor, permission: Permission, code: ErrorCode = 'FORBIDDEN'): void {
  if (!can(actor, permission)) throw new AppError(code, { params: { permission } });
}

/**
 * Everything `can` allows, in catalogue order. Send this to clients (not `actor.permissions`) so the console
 * hides exactly what the server refuses, including the admin bypasses and the super administrator's everything.
 */
export function grantedPermissions(actor: Actor): Permission[] {
  return allPermissions.filter((permission) => can(actor, permission));
}

export interface ActorSource {
  userId: string;
  tenantId: string;
  isSuperAdmin: boolean;
  groups: ReadonlyArray<PermissionSettings & { id: string }>;
  orgGroupId: string;
  primaryGroupId: string | null;
}

/** Builds an Actor from the user's groups so callers cannot forget the implied closure. */
export function buildActor(source: ActorSource): Actor {
  return {
    userId: source.userId,
    tenantId: source.tenantId,
    isSuperAdmin: source.isSuperAdmin,
    groupIds: source.groups.map((group) => group.id),
    orgGroupId: source.orgGroupId,
    primaryGroupId: source.primaryGroupId,
    permissions: effectivePermissions(source.groups),
  };
}
