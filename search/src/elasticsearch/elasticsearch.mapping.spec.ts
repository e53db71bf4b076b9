import { elasticsearchMapping } from './elasticsearch.mapping';
import { form } from './testing/ast.builders';

const text = {
  type: 'text',
  copy_to: ['content', 'contentWildcard'],
  fields: { keyword: { type: 'keyword', ignore_above: 256 }, wildcard: { type: 'wildcard' } },
};

describe('elasticsearchMapping', () => {
  it('maps built-ins, the content fields and form fields by kind, without dynamic mapping', () => {
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
        tenantId: { type: 'keyword' },
        title: text,
        description: text,
        itemType: { type: 'keyword' },
        created: { type: 'date' },
        modified: { type: 'date' },
        state: { type: 'keyword' },
        filename: text,
        content: { type: 'text' },
        contentWildcard: { type: 'wildcard' },
        fields: {
          type: 'object',
          properties: {
            notes: text,
            genre: { type: 'keyword' },
            episode: { type: 'double' },
            airDate: { type: 'date' },
            approved: { type: 'boolean' },
          },
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
    expect(mapping.properties.fields).toEqual({ type: 'object', properties: { mood: { type: 'keyword' } } });
    expect(mapping.properties.title).toEqual(text);
  });
});
