import {
  findShortcutConflict,
  formatShortcut,
  isValidShortcut,
  normaliseShortcut,
  parseShortcut,
  SYSTEM_SHORTCUTS,
} from './keyboard-shortcut';

describe('normaliseShortcut', () => {
  it.each<[string, string]>([
    ['Shift+Alt+G', 'alt+shift+g'],
    ['g', 'g'],
    ['G', 'g'],
    ['  ctrl + shift + 1 ', 'ctrl+shift+1'],
    ['Meta+Shift+Ctrl+Alt+x', 'ctrl+alt+shift+meta+x'],
    ['Control+K', 'ctrl+k'],
    ['Cmd+K', 'meta+k'],
    ['Option+Left', 'alt+arrowleft'],
    ['Esc', 'escape'],
    ['Spacebar', 'space'],
    ['shift+F5', 'shift+f5'],
    ['ctrl++', 'ctrl++'],
    ['+', '+'],
    ['ctrl+plus', 'ctrl++'],
    ['?', '?'],
    ['alt+ø', 'alt+ø'],
    ['PgUp', 'pageup'],
  ])('%j → %j', (typed, canonical) => {
    expect(normaliseShortcut(typed)).toBe(canonical);
  });

  it.each([
    '',
    '   ',
    'ctrl',
    'ctrl+shift',
    'ctrl+ctrl+k',
    'cmd+meta+k',
    'a+b',
    'hyper+k',
    'ctrl+',
    '+k',
    'f13',
    'ctrl+enterr',
    'ctrl+w',
    'Ctrl+T',
    'cmd+q',
    'ctrl+tab',
  ])('rejects %j', (typed) => {
    expect(normaliseShortcut(typed)).toBeNull();
    expect(isValidShortcut(typed)).toBe(false);
  });

  it('parses into sorted modifiers and a key that format joins back', () => {
    const shortcut = parseShortcut('Shift+Ctrl+ArrowUp');
    expect(shortcut).toEqual({ modifiers: ['ctrl', 'shift'], key: 'arrowup' });
    expect(formatShortcut(shortcut!)).toBe('ctrl+shift+arrowup');
  });

  it('lists every system shortcut in canonical form', () => {
    expect(SYSTEM_SHORTCUTS.map((shortcut) => normaliseShortcut(shortcut))).toEqual(SYSTEM_SHORTCUTS);
  });
});

describe('findShortcutConflict', () => {
  const taken = [
    { shortcut: 'alt+shift+g', usedBy: 'the form Goals' },
    { shortcut: 'Ctrl+1', usedBy: 'the form Logging' },
  ];

  it.each<[string, string]>([
    ['I', 'system'],
    ['Shift+Left', 'system'],
    ['space', 'system'],
    ['Cmd+K', 'system'],
    ['?', 'system'],
    ['Shift+Alt+G', 'the form Goals'],
    ['control+1', 'the form Logging'],
  ])('%j is used by %s', (shortcut, usedBy) => {
    expect(findShortcutConflict(shortcut, taken)).toBe(usedBy);
  });

  it.each(['g', 'shift+g', 'ctrl+2', 'alt+i', 'shift+k'])('%j is free', (shortcut) => {
    expect(findShortcutConflict(shortcut, taken)).toBeNull();
  });

  it('leaves invalid shortcuts to the validity check', () => {
    expect(findShortcutConflict('ctrl+', taken)).toBeNull();
  });
});
