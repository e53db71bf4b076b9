import { elasticsearchMapping } from './elasticsearch.mapping';
import { form } from '../testing/ast.builders';

const text = {
  type: 'text',
  copy_to: ['content', 'contentWildcard'],
  fields: { keyword: { type: 'keyword', ignore_above: 256 }, wildcard: { type: 'wildcard' } },
};
const exact = { type: 'keyword', ignore_above: 8191 };

describe('elasticsearchMapping', () => {
  it('maps built-ins, access, the content fields and form fields by kind, without dynamic mapping', () => {
    expect(
      elasticsearchMapping([
        form('notes', 'text'),
        form('genre', 'keyword'),
        form('episode', 'number'),
        form('airDate', 'date'),
        form('approved', 'boolean'),
      ]),
    ).toEqual({
      dynamic: false,
      properties: {
        id: { type: 'keyword' },
        tenantId: { type: 'keyword' },
        title: {
          ...text,
          fields: { ...text.fields, sort: { type: 'keyword', normalizer: 'lowercase', ignore_above: 8191 } },
        },
        description: text,
        itemType: { type: 'keyword' },
        created: { type: 'date' },
        modified: { type: 'date' },
        state: { type: 'keyword' },
        approval: { type: 'keyword' },
        filename: text,
        folderIds: { type: 'keyword' },
        createdBy: { type: 'keyword' },
        ownerId: { type: 'keyword' },
        visibleTo: { type: 'object', properties: { level: { type: 'keyword' }, groups: { type: 'keyword' } } },
        content: { type: 'text' },
        contentWildcard: { type: 'wildcard' },
        fields: {
          type: 'object',
          properties: {
            notes: text,
            // Choice values are words of the document (bare `sport` finds genre:Sport), as in PostgreSQL.
            genre: { ...exact, copy_to: ['content', 'contentWildcard'] },
            episode: { type: 'double' },
            airDate: { type: 'date' },
            approved: { type: 'boolean' },
          },
        },
        fieldValues: {
          type: 'object',
          properties: { notes: exact, genre: exact, episode: exact, airDate: exact, approved: exact },
        },
        fieldSortKeys: {
          type: 'object',
          properties: { notes: exact, genre: exact, episode: exact, airDate: exact, approved: exact },
        },
      },
    });
  });

  it('leaves out form fields that a built-in shadows, and built-ins the caller lists again', () => {
    const mapping = elasticsearchMapping([
      form('title', 'number'),
      { id: 'created', kind: 'date', source: 'builtin' },
      form('mood', 'keyword'),
    ]);
    expect(mapping.properties.fields).toEqual({
      type: 'object',
      properties: { mood: { ...exact, copy_to: ['content', 'contentWildcard'] } },
    });
    expect(mapping.properties.fieldValues).toEqual({ type: 'object', properties: { mood: exact } });
    expect(mapping.properties.title?.type).toBe('text');
    expect(mapping.properties.created).toEqual({ type: 'date' });
  });
});
