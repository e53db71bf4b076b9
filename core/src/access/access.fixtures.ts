import type { Actor } from '../permissions/actor';
import type { Permission } from '../permissions/permission.catalogue';
import type { Access } from './access.schema';
import type { AccessControlled } from './access.rules';

/** Test fixtures shared by the access specs. Permissions are given exactly (no defaults) to isolate each rule. */
export function actor(userId: string, groupIds: string[], permissions: Permission[] = [], isSuperAdmin = false): Actor {
  return {
    userId,
    tenantId: 't1',
    isSuperAdmin,
    groupIds,
    orgGroupId: 'org',
    primaryGroupId: groupIds.find((group) => group !== 'org') ?? null,
    permissions: new Set(permissions),
  };
}

export const actors = {
  owner: actor('owner', ['org']),
  creator: actor('creator', ['contractors']),
  member: actor('member', ['org', 'editors']),
  outsider: actor('outsider', ['contractors']),
  admin: actor('admin', ['org', 'admins'], ['tenantAdmin', 'tenantInfo']),
  superAdmin: { ...actor('root', [], [], true), tenantId: 'operator' },
  reader: actor('reader', ['contractors'], ['readAllContents']),
  writer: actor('writer', ['contractors'], ['writeAllContents']),
} satisfies Record<string, Actor>;

export type ActorName = keyof typeof actors;

export const levels = {
  none: null,
  tenant: { level: 'tenant', groups: [] },
  owner: { level: 'owner', groups: [] },
  editors: { level: 'selected_groups', groups: ['editors'] },
  contractors: { level: 'selected_groups', groups: ['contractors', 'nobody'] },
} satisfies Record<string, Access | null>;

export type LevelName = keyof typeof levels;

export function resource(visibleTo: Access | null, updatableBy: Access | null = visibleTo): AccessControlled {
  return { ownerId: 'owner', createdBy: 'creator', visibleTo, updatableBy };
}
