import { captureShortcut, type TKeyPress } from './shortcut-capture';

const press = (key: string, code: string, held: Partial<TKeyPress> = {}): TKeyPress => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...held,
});

describe('captureShortcut', () => {
  it('reads a combination in canonical form', () => {
    expect(captureShortcut(press('G', 'KeyG', { shiftKey: true, altKey: true }))).toEqual({
      kind: 'set',
      shortcut: 'alt+shift+g',
    });
    expect(captureShortcut(press('F5', 'F5', { ctrlKey: true }))).toEqual({ kind: 'set', shortcut: 'ctrl+f5' });
    expect(captureShortcut(press(' ', 'Space', { altKey: true }))).toEqual({ kind: 'set', shortcut: 'alt+space' });
  });

  it('takes letters and digits from the physical key, not the character the modifiers make', () => {
    expect(captureShortcut(press('©', 'KeyG', { altKey: true }))).toEqual({ kind: 'set', shortcut: 'alt+g' });
    expect(captureShortcut(press('!', 'Digit1', { shiftKey: true }))).toEqual({ kind: 'set', shortcut: 'shift+1' });
  });

  it('waits while only modifiers are down', () => {
    expect(captureShortcut(press('Shift', 'ShiftLeft', { shiftKey: true }))).toEqual({ kind: 'wait' });
    expect(captureShortcut(press('Control', 'ControlLeft', { ctrlKey: true }))).toEqual({ kind: 'wait' });
  });

  it('leaves Tab and Escape to the browser and clears on Backspace or Delete', () => {
    expect(captureShortcut(press('Tab', 'Tab'))).toEqual({ kind: 'pass' });
    expect(captureShortcut(press('Tab', 'Tab', { shiftKey: true }))).toEqual({ kind: 'pass' });
    expect(captureShortcut(press('Escape', 'Escape'))).toEqual({ kind: 'pass' });
    expect(captureShortcut(press('Backspace', 'Backspace'))).toEqual({ kind: 'clear' });
    expect(captureShortcut(press('Delete', 'Delete'))).toEqual({ kind: 'clear' });
    expect(captureShortcut(press('Delete', 'Delete', { ctrlKey: true }))).toEqual({
      kind: 'set',
      shortcut: 'ctrl+delete',
    });
  });

  it('keeps a combination the browser reserves as pressed, so the editor can say it is not valid', () => {
    expect(captureShortcut(press('w', 'KeyW', { ctrlKey: true }))).toEqual({ kind: 'set', shortcut: 'ctrl+w' });
  });
});
