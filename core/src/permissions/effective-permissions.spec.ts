import { defaultGrants } from './default-grants';
import { effectivePermissions } from './effective-permissions';
import { allPermissions, type Permission } from './permission.catalogue';

const nonDefaults = allPermissions.filter((permission) => !defaultGrants.has(permission));
// update is a default grant and implies requestUpload, so a plain group holds requestUpload too.
const plainGroup = new Set<Permission>([...defaultGrants, 'requestUpload']);
// Defaults that another default implies: turning only them off changes nothing.
const impliedByOtherDefault: Array<[Permission, Permission]> = [
  ['updateMetadata', 'update'],
  ['updateTranscript', 'update'],
  ['commentWrite', 'commentRead'],
  ['commentStatus', 'commentRead'],
  ['commentDeleteOwn', 'commentRead'],
];
const independentDefaults = [...defaultGrants].filter(
  (permission) => !impliedByOtherDefault.some(([implied]) => implied === permission),
);

describe('effectivePermissions', () => {
  it('gives a user without groups nothing, not even defaults', () => {
    expect(effectivePermissions([]).size).toBe(0);
  });

  it.each(allPermissions)('a group with no settings decides %s by the defaults', (permission) => {
    expect(effectivePermissions([{ permissions: {} }]).has(permission)).toBe(plainGroup.has(permission));
  });

  it.each(nonDefaults)('explicit true grants %s', (permission) => {
    expect(effectivePermissions([{ permissions: { [permission]: true } }]).has(permission)).toBe(true);
  });

  it.each(independentDefaults)('explicit false takes away the default %s', (permission) => {
    expect(effectivePermissions([{ permissions: { [permission]: false } }]).has(permission)).toBe(false);
  });

  it.each(impliedByOtherDefault)('explicit false on %s loses to the implication from %s', (implied, implier) => {
    expect(effectivePermissions([{ permissions: { [implied]: false } }]).has(implied)).toBe(true);
    expect(effectivePermissions([{ permissions: { [implied]: false, [implier]: false } }]).has(implied)).toBe(false);
  });

  it('requestUpload goes away only when nothing implies it', () => {
    expect(effectivePermissions([{ permissions: { update: false } }]).has('requestUpload')).toBe(false);
    expect(effectivePermissions([{ permissions: { update: false, upload: true } }]).has('requestUpload')).toBe(true);
  });

  it.each<[string, Array<Record<string, boolean>>, Permission, boolean]>([
    ['a grant from either group', [{ delete: true }, {}], 'delete', true],
    ['a grant from the second group', [{}, { archive: true }], 'archive', true],
    ['a default one group turns off and another keeps', [{ move: false }, {}], 'move', true],
    ['a default every group turns off', [{ move: false }, { move: false }], 'move', false],
    ['a non-default no group grants', [{ move: false }, { delete: false }], 'delete', false],
    ['an implication from one group', [{ create: true }, { upload: false }], 'upload', true],
  ])('union over groups: %s', (_case, settings, permission, expected) => {
    const groups = settings.map((permissions) => ({ permissions }));
    expect(effectivePermissions(groups).has(permission)).toBe(expected);
  });

  it('ignores unknown ids and inherited object keys', () => {
    const permissions = effectivePermissions([{ permissions: { retired: true, toString: true, constructor: true } }]);
    expect([...permissions].sort()).toEqual([...plainGroup].sort());
  });

  it('closes implications after the union', () => {
    const permissions = effectivePermissions([{ permissions: { create: true } }]);
    expect(
      ['upload', 'exportSequence', 'dependencies', 'cutter', 'requestUpload'].every((p) =>
        permissions.has(p as Permission),
      ),
    ).toBe(true);
  });
});
