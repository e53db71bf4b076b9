import { chordOf, formForChord, logEntryMarkers, newEntryRange, valuesSummary } from './log-entry-rules';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...modifiers,
});

describe('log entry rules', () => {
  it('reads key presses as canonical shortcuts and finds the form', () => {
    expect(chordOf(press('G'))).toBe('g');
    expect(chordOf(press('G', { shiftKey: true, altKey: true }))).toBe('alt+shift+g');
    expect(chordOf(press(' '))).toBe('space');
    expect(chordOf(press('Shift', { shiftKey: true }))).toBeNull();
    const forms = [
      { form: { keyboardShortcut: 'Shift+Q' } },
      { form: { keyboardShortcut: 'g' } },
      { form: { keyboardShortcut: null } },
    ];
    expect(formForChord(forms, press('g'))).toBe(forms[1]);
    expect(formForChord(forms, press('Q', { shiftKey: true }))).toBe(forms[0]);
    expect(formForChord(forms, press('q'))).toBeUndefined();
  });

  it('places a new entry by the form duration, then the marks, else at the playhead', () => {
    expect(newEntryRange(2, 5, { in: null, out: null })).toEqual({ tcIn: 25_600, tcOut: 89_600 });
    expect(newEntryRange(2, null, { in: 1, out: 3 })).toEqual({ tcIn: 12_800, tcOut: 38_400 });
    expect(newEntryRange(2, null, { in: 1, out: null })).toEqual({ tcIn: 25_600, tcOut: null });
  });

  it('summarises values and makes coloured timeline markers', () => {
    expect(valuesSummary({ a: 'Goal', b: ['x', 'y'], c: null, d: '' })).toBe('Goal, x, y');
    const [marker] = logEntryMarkers(
      [{ id: 'e1', tcIn: 12_800, tcOut: null, formLabel: 'Goals', color: null, values: { scorer: 'Nusa' } }],
      () => '00:00:01:00',
    );
    expect(marker).toMatchObject({ id: 'log:e1', inSeconds: 1, outSeconds: null, label: '00:00:01:00 · Goals: Nusa' });
    expect(marker!.colour).toBe('#5daec1fa');
  });
});
