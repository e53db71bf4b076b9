import { impliedBy, implyingPermissions, withImplied } from './implied-permissions';
import { allPermissions, type Permission } from './permission.catalogue';

// Every permission that implies something, with its full transitive closure (spec section 6 and the contract).
const expectedClosures: Array<[Permission, Permission[]]> = [
  ['create', ['upload', 'exportSequence', 'dependencies', 'cutter', 'requestUpload']],
  ['update', ['updateTranscript', 'updateMetadata', 'requestUpload']],
  ['upload', ['requestUpload']],
  ['commentRead', ['commentWrite', 'commentStatus', 'commentDeleteOwn']],
  ['getGroups', ['bookmarks', 'setVisibleToGroups']],
  ['tenantAdmin', ['tenantInfo']],
];
const implying = new Set(expectedClosures.map(([permission]) => permission));

describe('impliedBy', () => {
  it.each(expectedClosures)('%s implies exactly %p', (permission, expected) => {
    expect([...impliedBy(permission)].sort()).toEqual([...expected].sort());
  });

  it.each(allPermissions.filter((permission) => !implying.has(permission)))('%s implies nothing', (permission) => {
    expect(impliedBy(permission)).toEqual([]);
  });

  it('is transitive: create reaches requestUpload through upload', () => {
    expect(impliedBy('create')).toContain('upload');
    expect(impliedBy('upload')).toContain('requestUpload');
    expect(impliedBy('create')).toContain('requestUpload');
  });

  it('returns catalogue order', () => {
    expect(impliedBy('create')).toEqual(['cutter', 'upload', 'exportSequence', 'dependencies', 'requestUpload']);
  });
});

describe('implyingPermissions', () => {
  it.each<[Permission, Permission[]]>([
    ['requestUpload', ['create', 'upload', 'update']],
    ['upload', ['create']],
    ['tenantInfo', ['tenantAdmin']],
    ['setVisibleToGroups', ['getGroups']],
    ['create', []],
  ])('%s is implied by %p', (permission, expected) => {
    expect(implyingPermissions(permission)).toEqual(expected);
  });
});

describe('withImplied', () => {
  it.each<[Permission[], Permission[]]>([
    [[], []],
    [['delete'], ['delete']],
    [['create'], ['create', 'upload', 'exportSequence', 'dependencies', 'cutter', 'requestUpload']],
    [
      ['getGroups', 'tenantAdmin'],
      ['getGroups', 'bookmarks', 'setVisibleToGroups', 'tenantAdmin', 'tenantInfo'],
    ],
  ])('closes %p', (input, expected) => {
    expect([...withImplied(input)].sort()).toEqual([...expected].sort());
  });
});
