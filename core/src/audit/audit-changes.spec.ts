import { AUDIT_MAX_FIELDS, AUDIT_REDACTED, AUDIT_VALUE_MAX_CHARS, auditChanges, auditValue } from './audit-changes';

describe('auditValue', () => {
  it('shows text, lists and other values; empty is null', () => {
    expect(auditValue('News')).toBe('News');
    expect(auditValue(['a', 'b'])).toBe('a, b');
    expect(auditValue(true)).toBe('true');
    expect(auditValue({ level: 'owner' })).toBe('{"level":"owner"}');
    expect(auditValue('')).toBeNull();
    expect(auditValue([])).toBeNull();
    expect(auditValue(undefined)).toBeNull();
  });

  it('cuts long values', () => {
    const shown = auditValue('x'.repeat(5000))!;
    expect(shown).toHaveLength(AUDIT_VALUE_MAX_CHARS);
    expect(shown.endsWith('…')).toBe(true);
  });
});

describe('auditChanges', () => {
  it('keeps the changed fields with before and after', () => {
    expect(auditChanges({ title: 'Old', genre: 'news', same: 1 }, { title: 'New', genre: null, same: 1 })).toEqual({
      title: { from: 'Old', to: 'New' },
      genre: { from: 'news', to: null },
    });
  });

  it('leaves out a field that was empty and stays empty', () => {
    expect(
      auditChanges({ title: 'a' }, { title: 'b', keywords: [], genre: '' }, ['title', 'keywords', 'genre']),
    ).toEqual({ title: { from: 'a', to: 'b' } });
  });

  it('only the fields named', () => {
    expect(auditChanges({ a: 1, b: 1 }, { a: 2, b: 2 }, ['b'])).toEqual({ b: { from: '1', to: '2' } });
  });

  it('never keeps a secret', () => {
    expect(auditChanges({ ftpPassword: 'hunter2' }, { ftpPassword: 'swordfish' })).toEqual({
      ftpPassword: { from: AUDIT_REDACTED, to: AUDIT_REDACTED },
    });
  });

  it('bounds the number of fields', () => {
    const before = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, 'a']));
    const after = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, 'b']));
    expect(Object.keys(auditChanges(before, after))).toHaveLength(AUDIT_MAX_FIELDS);
  });
});
