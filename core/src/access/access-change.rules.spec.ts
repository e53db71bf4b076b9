import { catchAppError } from '../testing/catch-app-error';
import { actor, actors, resource } from './access.fixtures';
import { assertAccessChange } from './access-change.rules';
import type { Access, AccessField } from './access.schema';
import type { Actor } from '../permissions/actor';

const ownerOnly: Access = { level: 'owner', groups: [] };
const tenant: Access = { level: 'tenant', groups: [] };
const groups = (...ids: string[]): Access => ({ level: 'selected_groups', groups: ids });

const ownerWithSelf = actor('owner', ['org'], ['setVisibleToSelf']);
const memberWithSelf = actor('member', ['org'], ['setVisibleToSelf']);
const creatorWithSelf = actor('creator', ['org'], ['setVisibleToSelf']);
const memberWithGroups = actor('member', ['org', 'editors'], ['setVisibleToGroups']);
const outsiderPrimary = actors.outsider; // groups ['contractors'], primary 'contractors', not in org
const outsiderNoPrimary: Actor = { ...actors.outsider, primaryGroupId: null };

const OWNER_MESSAGE = "Only owner/admins with required permissions are allowed to set access to 'owner only'!";
const GROUP_MESSAGE = "User doesn't have enough permissions to restrict visibility to specific groups!";

type Expected = 'ok' | 'OWNER_ONLY_FORBIDDEN' | 'GROUP_RESTRICTION_FORBIDDEN' | 'SELECTED_GROUPS_EMPTY';
const table: Array<[string, Actor, Access | null, Access, Expected]> = [
  // owner only
  ['owner holding setVisibleToSelf sets owner only', ownerWithSelf, null, ownerOnly, 'ok'],
  ['owner without setVisibleToSelf', actors.owner, null, ownerOnly, 'OWNER_ONLY_FORBIDDEN'],
  ['tenant admin on an item it does not own', actors.admin, null, ownerOnly, 'ok'],
  ['super admin from another tenant', actors.superAdmin, tenant, ownerOnly, 'ok'],
  ['non-owner holding setVisibleToSelf', memberWithSelf, null, ownerOnly, 'OWNER_ONLY_FORBIDDEN'],
  ['creator who is not the owner', creatorWithSelf, null, ownerOnly, 'OWNER_ONLY_FORBIDDEN'],
  ['member with every group permission', memberWithGroups, groups('editors'), ownerOnly, 'OWNER_ONLY_FORBIDDEN'],
  ['unchanged owner only re-sent by a non-owner', actors.member, ownerOnly, ownerOnly, 'ok'],
  // selected groups
  ['member holding setVisibleToGroups', memberWithGroups, null, groups('editors', 'other'), 'ok'],
  ['admin', actors.admin, null, groups('anything'), 'ok'],
  ['super admin', actors.superAdmin, null, groups('anything'), 'ok'],
  ['member without the permission', actors.member, null, groups('editors'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['owner without the permission', actors.owner, null, groups('org'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['outsider to its primary group', outsiderPrimary, null, groups('contractors'), 'ok'],
  ['outsider to its primary group listed twice', outsiderPrimary, null, groups('contractors', 'contractors'), 'ok'],
  [
    'outsider to its primary group plus another',
    outsiderPrimary,
    null,
    groups('contractors', 'x'),
    'GROUP_RESTRICTION_FORBIDDEN',
  ],
  ['outsider to another group', outsiderPrimary, null, groups('editors'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['outsider without a primary group', outsiderNoPrimary, null, groups('contractors'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['org member to its primary group', actors.member, null, groups('editors'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['unchanged groups in another order', actors.member, groups('a', 'b'), groups('b', 'a'), 'ok'],
  ['changed groups', actors.member, groups('a', 'b'), groups('a'), 'GROUP_RESTRICTION_FORBIDDEN'],
  ['no groups at all', actors.admin, null, groups(), 'SELECTED_GROUPS_EMPTY'],
  // tenant level
  ['member opening an owner-only item up', actors.member, ownerOnly, tenant, 'ok'],
  ['outsider choosing tenant level', actors.outsider, groups('contractors'), tenant, 'ok'],
];

const messages: Record<Exclude<Expected, 'ok'>, string> = {
  OWNER_ONLY_FORBIDDEN: OWNER_MESSAGE,
  GROUP_RESTRICTION_FORBIDDEN: GROUP_MESSAGE,
  SELECTED_GROUPS_EMPTY: 'Select at least one group.',
};

describe.each<AccessField>(['visibleTo', 'updatableBy'])('assertAccessChange on %s', (field) => {
  it.each(table)('%s → %s', (_case, who, current, next, expected) => {
    const target = { ...resource(null), [field]: current };
    if (expected === 'ok') {
      expect(() => assertAccessChange(who, target, next, field)).not.toThrow();
      return;
    }
    const error = catchAppError(() => assertAccessChange(who, target, next, field));
    expect({ code: error.code, message: error.message, field: error.params.field }).toEqual({
      code: expected,
      message: messages[expected],
      field,
    });
  });

  it('compares with the same field only', () => {
    // visibleTo is owner only, but the other field is what changes.
    const target = { ...resource(ownerOnly, ownerOnly), [field]: null };
    expect(catchAppError(() => assertAccessChange(actors.member, target, ownerOnly, field)).code).toBe(
      'OWNER_ONLY_FORBIDDEN',
    );
  });
});
