import { auditSummary } from './audit-summary';

describe('auditSummary', () => {
  it('counts the items a bulk change or an import reached', () => {
    expect(auditSummary({ updated: 3, total: 4, format: 'csv' }, {})).toEqual({
      kind: 'items',
      subject: null,
      updated: 3,
      total: 4,
      format: 'CSV',
    });
  });

  it('counts the changed fields, with the name of what changed', () => {
    expect(
      auditSummary({ subject: 'News' }, { title: { from: 'a', to: 'b' }, genre: { from: null, to: 'x' } }),
    ).toEqual({ kind: 'fields', subject: 'News', count: 2 });
  });

  it('names what was acted on when nothing else is known', () => {
    expect(auditSummary({ subject: 'ada@example.com' }, {})).toEqual({ kind: 'subject', subject: 'ada@example.com' });
  });

  it('says nothing of events without a name or a change (their English sentence stays out)', () => {
    expect(auditSummary({}, {})).toEqual({ kind: 'none' });
    expect(auditSummary(null, {})).toEqual({ kind: 'none' });
    expect(auditSummary({ subject: 42, updated: -1, total: 2 }, {})).toEqual({ kind: 'none' });
  });
});
