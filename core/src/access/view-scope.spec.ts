import { canView, viewScope, type AccessControlled, type TViewScope } from './access.rules';
import { actors, levels } from './access.fixtures';

/** What a database filter built from the scope decides, written out the way db's SQL does it. */
function scopeAllows(scope: TViewScope, resource: AccessControlled): boolean {
  if (scope.kind === 'all') return true;
  if (resource.ownerId === scope.userId) return true;
  const access = resource.visibleTo;
  if (!access || access.level === 'tenant') return scope.orgMember;
  if (access.level === 'owner') return false;
  return access.groups.some((group) => scope.groupIds.includes(group));
}

describe('viewScope', () => {
  const cases = Object.entries(actors).flatMap(([actorName, actor]) =>
    Object.entries(levels).flatMap(([levelName, visibleTo]) =>
      ['owner', 'someone-else'].map((ownerId) => ({ actorName, actor, levelName, visibleTo, ownerId })),
    ),
  );

  it.each(cases)('$actorName on $levelName owned by $ownerId decides like canView', ({ actor, visibleTo, ownerId }) => {
    const resource: AccessControlled = { ownerId, createdBy: ownerId, visibleTo, updatableBy: null };
    expect(scopeAllows(viewScope(actor), resource)).toBe(canView(actor, resource));
  });

  it('needs no filter for admins and readers of all contents only', () => {
    expect(viewScope(actors.admin)).toEqual({ kind: 'all' });
    expect(viewScope(actors.reader)).toEqual({ kind: 'all' });
    expect(viewScope(actors.member)).toMatchObject({ kind: 'restricted', orgMember: true });
    expect(viewScope(actors.outsider)).toMatchObject({ kind: 'restricted', orgMember: false });
  });
});
