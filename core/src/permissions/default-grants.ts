import { permissionGroups, type Permission } from './permission.catalogue';

/**
 * Permissions every group holds unless it explicitly sets them to false (spec section 6). Whole catalogue groups
 * are spread in so a tab or person action added later is a default grant without touching this list.
 */
export const defaultGrants: ReadonlySet<Permission> = new Set<Permission>([
  'recoverDeleted',
  'update',
  'updateMetadata',
  'updateTranscript',
  'sendToStorage',
  'downloadMedia',
  'chooseUploadLocation',
  'history',
  'move',
  'commentRead',
  'commentWrite',
  'commentStatus',
  'commentDeleteOwn',
  ...permissionGroups.person,
  ...permissionGroups.folder,
  ...permissionGroups.systemActivity,
  ...permissionGroups.visibility,
]);

export function isDefaultGrant(permission: Permission): boolean {
  return defaultGrants.has(permission);
}
