import { actor, actors, levels, resource, type ActorName, type LevelName } from './access.fixtures';
import { canDelete, canDeleteOrRecover, canRecover, canUpdate, canView } from './access.rules';

// Columns: none (null), tenant, owner, editors (selected), contractors (selected). Owner 'owner', creator 'creator'.
type Row = [ActorName, Record<LevelName, boolean>];
const all = (value: boolean): Record<LevelName, boolean> => ({
  none: value,
  tenant: value,
  owner: value,
  editors: value,
  contractors: value,
});

const viewTable: Row[] = [
  ['owner', all(true)],
  ['admin', all(true)],
  ['superAdmin', all(true)],
  ['reader', all(true)],
  ['writer', all(true)],
  ['member', { none: true, tenant: true, owner: false, editors: true, contractors: false }],
  ['outsider', { none: false, tenant: false, owner: false, editors: false, contractors: true }],
  // The creator is not the owner: creating an item gives no view access of its own.
  ['creator', { none: false, tenant: false, owner: false, editors: false, contractors: true }],
];

const updateTable: Row[] = [
  ['owner', all(true)],
  ['admin', all(true)],
  ['superAdmin', all(true)],
  // readAllContents does not help with updates; the contractors column is ordinary group membership.
  ['reader', { ...all(false), contractors: true }],
  ['writer', all(true)],
  ['member', { none: true, tenant: true, owner: false, editors: true, contractors: false }],
  ['outsider', { none: false, tenant: false, owner: false, editors: false, contractors: true }],
  ['creator', { none: false, tenant: false, owner: false, editors: false, contractors: true }],
];

const cells = (table: Row[]) =>
  table.flatMap(([name, row]) => (Object.keys(row) as LevelName[]).map((level) => [name, level, row[level]] as const));

describe('canView', () => {
  it.each(cells(viewTable))('%s, visibleTo %s → %p', (name, level, expected) => {
    expect(canView(actors[name], resource(levels[level], levels.owner))).toBe(expected);
  });
});

describe('canUpdate', () => {
  it.each(cells(updateTable))('%s, updatableBy %s → %p', (name, level, expected) => {
    expect(canUpdate(actors[name], resource(levels.owner, levels[level]))).toBe(expected);
  });
});

describe('tenant boundary', () => {
  const foreign = { ...resource(null), tenantId: 't2' };
  it.each<[ActorName, boolean]>([
    ['member', false],
    ['admin', false],
    ['owner', false],
    ['reader', false],
    ['superAdmin', true],
  ])('%s on a resource of another tenant → %p', (name, expected) => {
    expect(canView(actors[name], foreign)).toBe(expected);
    expect(canUpdate(actors[name], foreign)).toBe(expected);
    expect(canDelete(actors[name], foreign)).toBe(expected);
  });

  it('allows the same tenant', () => {
    expect(canView(actors.member, { ...resource(null), tenantId: 't1' })).toBe(true);
  });
});

describe('canDeleteOrRecover', () => {
  const deleter = actor('deleter', ['org'], ['delete']);
  const recoverer = actor('recoverer', ['org'], ['recoverDeleted']);
  const foreignDeleter = actor('foreignDeleter', ['contractors'], ['delete', 'recoverDeleted']);
  const writerDeleter = actor('writerDeleter', ['contractors'], ['delete', 'writeAllContents']);

  it.each([
    ['the owner without permissions', actors.owner, levels.owner, true, true],
    ['the creator without permissions or access', actors.creator, levels.owner, true, true],
    ['an admin', actors.admin, levels.owner, true, true],
    ['the super admin', actors.superAdmin, levels.owner, true, true],
    ['a member without permissions', actors.member, levels.none, false, false],
    ['delete holder with update access', deleter, levels.none, true, false],
    ['delete holder without update access', deleter, levels.owner, false, false],
    ['recoverDeleted holder with update access', recoverer, levels.tenant, false, true],
    ['recoverDeleted holder without update access', recoverer, levels.contractors, false, false],
    ['both permissions, access through a selected group', foreignDeleter, levels.contractors, true, true],
    ['both permissions, no access', foreignDeleter, levels.none, false, false],
    ['delete plus writeAllContents', writerDeleter, levels.owner, true, false],
  ])('%s: delete %p, recover %p', (_case, who, updatableBy, mayDelete, mayRecover) => {
    const target = resource(levels.tenant, updatableBy);
    expect(canDelete(who, target)).toBe(mayDelete);
    expect(canDeleteOrRecover(who, target, 'delete')).toBe(mayDelete);
    expect(canRecover(who, target)).toBe(mayRecover);
  });

  it('does not treat a missing owner or creator as a match', () => {
    const orphan = { ownerId: null, createdBy: null, visibleTo: null, updatableBy: levels.owner };
    expect(canDelete(actors.member, orphan)).toBe(false);
  });
});
