import {
  checkboxDefaultOf,
  checkboxDefaultValue,
  jsonFromText,
  listDefault,
  listOf,
  selectableOptions,
  textDefault,
  textFromJson,
} from './default-value.model';

describe('default values', () => {
  it('parses JSON text, blank being no default', () => {
    expect(jsonFromText('{"a": [1, true]}')).toEqual({ ok: true, value: { a: [1, true] } });
    expect(jsonFromText('  ')).toEqual({ ok: true, value: null });
    expect(jsonFromText('{a: 1}')).toEqual({ ok: false });
    expect(textFromJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(textFromJson(null)).toBe('');
  });

  it('maps checkbox defaults both ways', () => {
    expect([true, false, null].map(checkboxDefaultOf)).toEqual(['checked', 'unchecked', 'none']);
    expect((['checked', 'unchecked', 'none'] as const).map(checkboxDefaultValue)).toEqual([true, false, null]);
  });

  it('stores blank text and empty lists as no default', () => {
    expect(textDefault('')).toBeNull();
    expect(textDefault(' x')).toBe(' x');
    expect(listDefault([])).toBeNull();
    expect(listDefault(['a'])).toEqual(['a']);
    expect(listOf(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(listOf('a')).toEqual([]);
  });
});

describe('selectableOptions', () => {
  it('leaves out blank and repeated values and shows the value for a blank label', () => {
    expect(
      selectableOptions([
        { value: 'home', label: 'Home' },
        { value: '', label: 'Nothing yet' },
        { value: 'home', label: 'Home again' },
        { value: 'away', label: ' ' },
      ]),
    ).toEqual([
      { value: 'home', label: 'Home' },
      { value: 'away', label: 'away' },
    ]);
  });
});
