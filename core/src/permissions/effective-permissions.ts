import { defaultGrants } from './default-grants';
import { withImplied } from './implied-permissions';
import { allPermissions, type Permission } from './permission.catalogue';

/** What a group stores: only the permissions an administrator set explicitly. Unknown ids are ignored. */
export interface PermissionSettings {
  permissions: Readonly<Record<string, boolean>>;
}

/** Whether one group grants `permission` before implications: explicit true, or a default not turned off. */
export function groupGrants(group: PermissionSettings, permission: Permission): boolean {
  // hasOwn keeps inherited object keys (e.g. from a prototype) from counting as settings.
  const explicit = Object.hasOwn(group.permissions, permission) ? group.permissions[permission] : undefined;
  return explicit === true || (explicit !== false && defaultGrants.has(permission));
}

/**
 * The permissions of a user who belongs to `groups`: union over the groups, then the implied closure.
 * Implication is applied last, so a group that turns off `updateMetadata` but keeps `update` still yields
 * `updateMetadata`. A user in no group has no permissions at all, defaults included.
 */
export function effectivePermissions(groups: ReadonlyArray<PermissionSettings>): Set<Permission> {
  const granted = allPermissions.filter((permission) => groups.some((group) => groupGrants(group, permission)));
  return withImplied(granted);
}
