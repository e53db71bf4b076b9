import { catchAppError } from '../testing/catch-app-error';
import { parseAccess, parseNullableAccess, sameAccess, type Access } from './access.schema';

describe('parseAccess', () => {
  it.each<[unknown, Access]>([
    [
      { level: 'tenant', groups: [] },
      { level: 'tenant', groups: [] },
    ],
    [{ level: 'tenant' }, { level: 'tenant', groups: [] }],
    [
      { level: 'owner', groups: ['ignored'] },
      { level: 'owner', groups: [] },
    ],
    [
      { level: 'selected_groups', groups: ['a', 'b'] },
      { level: 'selected_groups', groups: ['a', 'b'] },
    ],
    [
      { level: 'selected_groups', groups: ['a', ' a ', 'b'] },
      { level: 'selected_groups', groups: ['a', 'b'] },
    ],
  ])('accepts %j', (input, expected) => {
    expect(parseAccess(input, 'visibleTo')).toEqual(expected);
  });

  const invalid: unknown[] = [
    null,
    'tenant',
    [],
    {},
    { level: 'everyone', groups: [] },
    { level: 'hidden', groups: [] },
    { level: 'selected_groups', groups: 'a' },
    { level: 'selected_groups', groups: [1] },
    { level: 'selected_groups', groups: [''] },
    { level: 'tenant', groups: [], extra: true },
  ];

  it.each(invalid)('rejects %j as Bad visibleTo', (input) => {
    const error = catchAppError(() => parseAccess(input, 'visibleTo'));
    expect([error.code, error.message]).toEqual(['BAD_VISIBLE_TO', 'Bad visibleTo']);
  });

  it.each(invalid)('rejects %j as Bad updatableBy', (input) => {
    const error = catchAppError(() => parseAccess(input, 'updatableBy'));
    expect([error.code, error.message]).toEqual(['BAD_UPDATABLE_BY', 'Bad updatableBy']);
  });

  it('points issues at the field', () => {
    const error = catchAppError(() => parseAccess({ level: 'x', groups: [], extra: 1 }, 'updatableBy'));
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(['updatableBy.extra', 'updatableBy.level']);
  });

  it.each<[string, unknown]>([
    ['missing', { level: 'selected_groups' }],
    ['empty', { level: 'selected_groups', groups: [] }],
  ])('rejects selected_groups with %s groups as SELECTED_GROUPS_EMPTY', (_case, input) => {
    const error = catchAppError(() => parseAccess(input, 'visibleTo'));
    expect(error.code).toBe('SELECTED_GROUPS_EMPTY');
    expect(error.issues[0]?.path).toBe('visibleTo.groups');
  });
});

describe('parseNullableAccess', () => {
  it.each([null, undefined])('maps %p to no restriction', (input) => {
    expect(parseNullableAccess(input, 'visibleTo')).toBeNull();
  });

  it('still validates objects', () => {
    expect(catchAppError(() => parseNullableAccess({ level: 'x' }, 'updatableBy')).code).toBe('BAD_UPDATABLE_BY');
  });
});

describe('sameAccess', () => {
  const tenant: Access = { level: 'tenant', groups: [] };
  const owner: Access = { level: 'owner', groups: [] };
  it.each<[Access | null, Access | null, boolean]>([
    [null, null, true],
    [null, tenant, true],
    [tenant, owner, false],
    [owner, owner, true],
    [{ level: 'selected_groups', groups: ['a', 'b'] }, { level: 'selected_groups', groups: ['b', 'a'] }, true],
    [{ level: 'selected_groups', groups: ['a'] }, { level: 'selected_groups', groups: ['a', 'b'] }, false],
    [{ level: 'selected_groups', groups: ['a'] }, { level: 'selected_groups', groups: ['b'] }, false],
  ])('%j vs %j → %p', (a, b, expected) => {
    expect(sameAccess(a, b)).toBe(expected);
    expect(sameAccess(b, a)).toBe(expected);
  });
});
