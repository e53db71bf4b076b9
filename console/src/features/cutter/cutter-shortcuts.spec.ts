import { cutterShortcut, timelineKey } from './cutter-shortcuts';

const press = (
  key: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('cutterShortcut', () => {
  it.each([
    [press('s'), 'addRange'],
    [press('S'), 'addRange'],
    [press('z', { ctrlKey: true }), 'undo'],
    [press('z', { metaKey: true }), 'undo'],
    [press('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [press('y', { ctrlKey: true }), 'redo'],
    [press('s', { ctrlKey: true }), null],
    [press('s', { shiftKey: true }), null],
    [press('z'), null],
  ])('%j → %j', (key, action) => {
    expect(cutterShortcut(key)).toBe(action);
  });
});

describe('timelineKey', () => {
  it.each([
    [press('ArrowLeft'), { type: 'step', delta: -1 }],
    [press('ArrowRight'), { type: 'step', delta: 1 }],
    [press('ArrowLeft', { shiftKey: true }), { type: 'trimIn', delta: -1 }],
    [press('ArrowRight', { shiftKey: true }), { type: 'trimIn', delta: 1 }],
    [press('ArrowLeft', { altKey: true }), { type: 'trimOut', delta: -1 }],
    [press('ArrowRight', { ctrlKey: true }), { type: 'trimOut', delta: 1 }],
    [press('ArrowLeft', { shiftKey: true, altKey: true }), null],
    [press('ArrowUp'), { type: 'selectStep', delta: -1 }],
    [press('ArrowDown', { shiftKey: true }), { type: 'move', delta: 1 }],
    [press(' '), { type: 'togglePlay' }],
    [press('Home'), { type: 'start' }],
    [press('End'), { type: 'end' }],
    [press('Delete'), { type: 'remove' }],
    [press('Backspace'), { type: 'remove' }],
    [press('b'), { type: 'split' }],
    [press('b', { ctrlKey: true }), null],
    [press('i'), null],
  ])('%j → %j', (key, action) => {
    expect(timelineKey(key)).toEqual(action);
  });
});
