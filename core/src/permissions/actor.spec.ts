import { catchAppError as catchError } from '../testing/catch-app-error';
import { adminBypassPermissions, assertCan, buildActor, can, grantedPermissions, isAdmin, type Actor } from './actor';
import { allPermissions, type Permission } from './permission.catalogue';

function actorWith(permissions: Record<string, boolean>, isSuperAdmin = false): Actor {
  return buildActor({
    userId: 'u1',
    tenantId: 't1',
    isSuperAdmin,
    groups: [{ id: 'org', permissions }],
    orgGroupId: 'org',
    primaryGroupId: null,
  });
}

const member = actorWith({});
const tenantAdmin = actorWith({ tenantAdmin: true });
// A super administrator from another tenant with no group memberships at all.
const superAdmin: Actor = { ...actorWith({}, true), tenantId: 'other', groupIds: [], permissions: new Set() };

describe('isAdmin', () => {
  it.each<[string, Actor, boolean]>([
    ['member', member, false],
    ['tenant admin', tenantAdmin, true],
    ['super admin', superAdmin, true],
    ['tenantSupport holder', actorWith({ tenantSupport: true }), false],
  ])('%s → %p', (_name, actor, expected) => {
    expect(isAdmin(actor)).toBe(expected);
  });
});

describe('can', () => {
  it.each(allPermissions)('the super administrator passes %s', (permission) => {
    expect(can(superAdmin, permission)).toBe(true);
  });

  it('a tenant administrator holds tenantInfo', () => {
    expect(tenantAdmin.permissions.has('tenantInfo')).toBe(true);
    expect(can(tenantAdmin, 'tenantInfo')).toBe(true);
  });

  it.each([...adminBypassPermissions])('a tenant administrator bypasses %s; a member does not', (permission) => {
    // Turned off explicitly, because the activity tabs are default grants.
    const off = { [permission]: false };
    expect(can(actorWith({ ...off, tenantAdmin: true }), permission)).toBe(true);
    expect(can(actorWith(off), permission)).toBe(false);
  });

  it.each<Permission>(['delete', 'allTenantsWrite', 'readAllContents', 'apiKeys'])(
    'a tenant administrator does not get %s for free',
    (permission) => {
      expect(can(tenantAdmin, permission)).toBe(false);
    },
  );

  it.each<[Permission, boolean]>([
    ['update', true],
    ['requestUpload', true],
    ['delete', false],
  ])('a member with defaults: %s → %p', (permission, expected) => {
    expect(can(member, permission)).toBe(expected);
  });
});

describe('assertCan', () => {
  it('passes silently when allowed', () => {
    expect(() => assertCan(member, 'update')).not.toThrow();
  });

  it('throws FORBIDDEN by default', () => {
    const error = catchError(() => assertCan(member, 'apiKeys'));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe("You don't have permission to execute this operation");
    expect(error.params).toEqual({ permission: 'apiKeys' });
  });

  it('throws the given code', () => {
    expect(catchError(() => assertCan(member, 'upload', 'UPLOAD_FORBIDDEN')).message).toBe(
      'You do not have permission to upload',
    );
  });
});

describe('grantedPermissions', () => {
  it('lists everything for the super administrator', () => {
    expect(grantedPermissions(superAdmin)).toEqual(allPermissions);
  });

  it('includes the admin bypasses for a tenant administrator', () => {
    expect(grantedPermissions(tenantAdmin)).toEqual(expect.arrayContaining([...adminBypassPermissions, 'tenantInfo']));
  });
});

describe('buildActor', () => {
  it('collects group ids and unions their permissions', () => {
    const actor = buildActor({
      userId: 'u1',
      tenantId: 't1',
      isSuperAdmin: false,
      groups: [
        { id: 'org', permissions: { update: false } },
        { id: 'editors', permissions: { create: true } },
      ],
      orgGroupId: 'org',
      primaryGroupId: 'editors',
    });
    expect(actor.groupIds).toEqual(['org', 'editors']);
    expect(actor.permissions.has('requestUpload')).toBe(true);
    expect(actor.permissions.has('update')).toBe(true);
  });
});
