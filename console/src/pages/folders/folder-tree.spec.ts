import { childrenOf, pathTo, subtreeIds, visibleRows, type TFolder } from './folder-tree';

const folder = (id: string, parentId: string | null, name = id): TFolder => ({
  id,
  parentId,
  name,
  ownerId: null,
  visibleTo: null,
  updatableBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isRoot: parentId === null,
  canUpdate: true,
  canAddTo: true,
  canDelete: parentId !== null,
});

// root ─ news ─ sport ─ football
//      └ archive
const folders = [
  folder('root', null),
  folder('news', 'root', 'News'),
  folder('sport', 'news', 'Sport'),
  folder('football', 'sport', 'Football'),
  folder('archive', 'root', 'Archive'),
];

describe('folder tree helpers', () => {
  it('lists children by name', () => {
    expect(
      childrenOf(folders)
        .get('root')!
        .map((f) => f.id),
    ).toEqual(['archive', 'news']);
  });

  it('walks from the root to a folder', () => {
    expect(pathTo(folders, 'football').map((f) => f.id)).toEqual(['root', 'news', 'sport', 'football']);
    expect(pathTo(folders, 'missing')).toEqual([]);
  });

  it('finds a folder and everything below it', () => {
    expect([...subtreeIds(folders, 'news')].sort()).toEqual(['football', 'news', 'sport']);
    expect([...subtreeIds(folders, 'archive')]).toEqual(['archive']);
  });

  it('shows only what is expanded, with depths', () => {
    expect(visibleRows(folders, 'root', new Set(['root'])).map((r) => [r.folder.id, r.depth, r.hasChildren])).toEqual([
      ['root', 0, true],
      ['archive', 1, false],
      ['news', 1, true],
    ]);
    expect(visibleRows(folders, 'root', new Set(['root', 'news', 'sport'])).map((r) => r.folder.id)).toEqual([
      'root',
      'archive',
      'news',
      'sport',
      'football',
    ]);
    expect(visibleRows(folders, 'nope', new Set())).toEqual([]);
  });
});
