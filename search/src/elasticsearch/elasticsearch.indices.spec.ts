import { form } from '../testing/ast.builders';
import {
  ElasticsearchReindexRequiredError,
  generationIndex,
  generationOf,
  indexMappings,
  mappingDifference,
  mappingUpdate,
  tenantAlias,
} from './elasticsearch.indices';

describe('index names', () => {
  it('names the alias after the tenant and the generations after the alias', () => {
    expect(tenantAlias('mam-items', '0b4f9d3e-5c1a-4e7b-9f0a-2d6c8e1b3a57')).toBe(
      'mam-items-0b4f9d3e-5c1a-4e7b-9f0a-2d6c8e1b3a57',
    );
    expect(generationIndex('mam-items-t1', 3)).toBe('mam-items-t1.v3');
    expect(generationOf('mam-items-t1', 'mam-items-t1.v12')).toBe(12);
    expect(generationOf('mam-items-t1', 'mam-items-t1-old')).toBe(0);
    expect(generationOf('mam-items-t1', 'mam-items-t1.v2x')).toBe(0);
  });

  it.each(['Tenant', 'a.b', '-a', 'a b', 'a/b', ''])('refuses the tenant id %j as part of an index name', (id) => {
    expect(() => tenantAlias('mam-items', id)).toThrow('cannot name an Elasticsearch index');
  });
});

describe('mappingDifference', () => {
  const wanted = {
    id: { type: 'keyword' },
    fields: {
      type: 'object',
      properties: { genre: { type: 'keyword' }, notes: { type: 'text' }, mood: { type: 'keyword' } },
    },
  };

  it('lists what the index lacks, nested as put_mapping takes it', () => {
    expect(
      mappingDifference(wanted, { id: { type: 'keyword' }, fields: { properties: { genre: { type: 'keyword' } } } }),
    ).toEqual({
      missing: { fields: { type: 'object', properties: { notes: { type: 'text' }, mood: { type: 'keyword' } } } },
      conflicts: [],
    });
  });

  it('finds nothing to do when the index has it all, objects being reported without a type', () => {
    const existing = {
      id: { type: 'keyword' },
      fields: {
        properties: { genre: { type: 'keyword' }, notes: { type: 'text' }, mood: { type: 'keyword' }, old: {} },
      },
    };
    expect(mappingDifference(wanted, existing)).toEqual({ missing: {}, conflicts: [] });
  });

  it('reports fields whose type changed', () => {
    expect(mappingDifference(wanted, { fields: { properties: { genre: { type: 'text' } } } }).conflicts).toEqual([
      'fields.genre',
    ]);
  });
});

describe('mappingUpdate', () => {
  const fields = [form('genre', 'keyword')];

  it('is empty for an index built from the same fields', () => {
    expect(mappingUpdate('i.v1', indexMappings(fields), fields)).toEqual({});
  });

  it('adds a new form field to the typed values, the value text and the sort keys', () => {
    const update = mappingUpdate('i.v1', indexMappings(fields), [...fields, form('episode', 'number')]);
    expect(update).toEqual({
      fields: { type: 'object', properties: { episode: { type: 'double' } } },
      fieldValues: { type: 'object', properties: { episode: { type: 'keyword', ignore_above: 8191 } } },
      fieldSortKeys: { type: 'object', properties: { episode: { type: 'keyword', ignore_above: 8191 } } },
    });
  });

  it('asks for a reindex when a field changed kind or the index has another mapping version', () => {
    expect(() => mappingUpdate('i.v1', indexMappings(fields), [form('genre', 'text')])).toThrow(
      new ElasticsearchReindexRequiredError('i.v1', 'the type of fields.genre changed'),
    );
    expect(() => mappingUpdate('i.v1', { ...indexMappings(fields), _meta: {} }, fields)).toThrow(
      'Elasticsearch index i.v1 must be rebuilt (reindex): mapping version undefined, wanted 1',
    );
  });
});
