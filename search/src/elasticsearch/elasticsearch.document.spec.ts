import { builtinSearchFields } from '../search-field';
import { form } from '../testing/ast.builders';
import { indexedItem, type SearchDocument } from './elasticsearch.document';
import { elasticsearchPath } from './elasticsearch.fields';
import { elasticsearchMapping } from './elasticsearch.mapping';

const doc: SearchDocument = {
  id: 'item-1',
  tenantId: 'tenant-1',
  itemType: 'video',
  title: 'Cup final',
  description: 'Late winner',
  fileName: 'final.mp4',
  folderIds: ['folder-root', 'folder-sport'],
  state: 'COMPLETE',
  createdBy: 'user-1',
  ownerId: 'user-2',
  visibleTo: { level: 'selected_groups', groups: ['group-1'] },
  createdAt: '2024-05-18T22:45:00+02:00',
  updatedAt: '2024-05-19T08:00:00Z',
  fields: {
    genre: ['Sport', '', 'Final'],
    notes: 'Live SHOT',
    episode: 12,
    rating: '7.50',
    code: '0042',
    approved: false,
    airDate: '2024-05-18',
    empty: '',
    nothing: null,
    none: [],
  },
};

describe('indexedItem', () => {
  it('shapes the source as the mapping maps it, form values typed, as value text and as sort keys', () => {
    expect(indexedItem(doc)).toEqual({
      id: 'item-1',
      tenantId: 'tenant-1',
      itemType: 'video',
      title: 'Cup final',
      description: 'Late winner',
      filename: 'final.mp4',
      folderIds: ['folder-root', 'folder-sport'],
      state: 'COMPLETE',
      approval: 'none',
      createdBy: 'user-1',
      ownerId: 'user-2',
      visibleTo: { level: 'selected_groups', groups: ['group-1'] },
      created: '2024-05-18T20:45:00.000Z',
      modified: '2024-05-19T08:00:00.000Z',
      fields: {
        genre: ['Sport', 'Final'],
        notes: 'Live SHOT',
        episode: 12,
        rating: '7.50',
        code: '0042',
        approved: false,
        airDate: '2024-05-18',
      },
      fieldValues: {
        genre: ['Sport', 'Final'],
        notes: ['Live SHOT'],
        episode: ['12'],
        rating: ['7.50'],
        code: ['0042'],
        approved: ['false'],
        airDate: ['2024-05-18'],
      },
      fieldSortKeys: {
        genre: ['sport', 'final'],
        notes: ['live shot'],
        // PostgreSQL's lpad(value_number::text, 24, '0'): numbers, and single values that read as numbers.
        episode: ['0'.repeat(22) + '12'],
        rating: ['0'.repeat(21) + '7.5'],
        code: ['0'.repeat(22) + '42'],
        approved: ['false'],
        airDate: ['2024-05-18'],
      },
    });
  });

  it('leaves empty values out and gives a missing visibility the tenant level', () => {
    const item = indexedItem({ ...doc, description: '', fileName: null, state: '', visibleTo: null, fields: {} });
    expect(item).toMatchObject({
      description: null,
      filename: null,
      state: null,
      approval: 'none',
      visibleTo: { level: 'tenant', groups: [] },
      fields: {},
      fieldValues: {},
      fieldSortKeys: {},
    });
  });

  it('never reads a choice of a multiple choice as a number, and cuts sort keys to 24 characters as lpad does', () => {
    const item = indexedItem({ ...doc, fields: { codes: ['10', '9'], tiny: '-0.0000012345678901234567' } });
    expect(item.fieldSortKeys).toEqual({ codes: ['10', '9'], tiny: ['-0.000001234567890123456'] });
  });

  it("searches the log entries' values with the item's own but never filters, counts or sorts by them", () => {
    const item = indexedItem({
      ...doc,
      fields: { genre: 'football', code: 42 },
      logEntryFields: { scorer: ['Nusa', '', 'Haaland'], genre: ['handball'], code: ['7'], empty: [''] },
    });
    expect(item.fields).toMatchObject({
      scorer: ['Nusa', 'Haaland'],
      genre: ['football', 'handball'],
      code: ['42', '7'],
    });
    expect(item.fields).not.toHaveProperty('empty');
    expect(item.fieldValues).not.toHaveProperty('scorer');
    expect(item.fieldValues.genre).toEqual(['football']);
    expect(item.fieldSortKeys).not.toHaveProperty('scorer');
  });

  it('refuses an item whose dates are not dates', () => {
    expect(() => indexedItem({ ...doc, updatedAt: 'yesterday' })).toThrow('Item item-1: updatedAt is not a date');
  });

  it('writes every built-in at the path the compiler searches, and only properties the mapping knows', () => {
    const item = indexedItem(doc) as unknown as Record<string, unknown>;
    for (const field of builtinSearchFields) expect(item).toHaveProperty(elasticsearchPath(field));
    const mapped = elasticsearchMapping([form('genre', 'keyword')]).properties;
    expect(Object.keys(item).filter((key) => !(key in mapped))).toEqual([]);
  });
});
