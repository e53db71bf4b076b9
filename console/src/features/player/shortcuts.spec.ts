import { isButtonTarget, isTypingTarget, playerShortcut, type TKeyPress } from './shortcuts';

const press = (key: string, modifiers: Partial<TKeyPress> = {}): TKeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('playerShortcut', () => {
  it.each([
    [' ', 'togglePlay'],
    ['k', 'pause'],
    ['l', 'shuttleForward'],
    ['j', 'shuttleReverse'],
    ['ArrowLeft', 'previousFrame'],
    ['ArrowRight', 'nextFrame'],
    [',', 'previousFrame'],
    ['.', 'nextFrame'],
    ['i', 'markIn'],
    ['o', 'markOut'],
    ['m', 'toggleMute'],
    ['f', 'toggleFullscreen'],
    ['x', null],
    ['Enter', null],
  ])('%j → %j', (key, action) => {
    expect(playerShortcut(press(key))).toBe(action);
  });

  it('goes to the marks with Shift+I and Shift+O', () => {
    expect(playerShortcut(press('I', { shiftKey: true }))).toBe('goToIn');
    expect(playerShortcut(press('O', { shiftKey: true }))).toBe('goToOut');
    expect(playerShortcut(press('L', { shiftKey: true }))).toBeNull();
  });

  it('reads Caps Lock letters as the plain key', () => {
    expect(playerShortcut(press('I'))).toBe('markIn');
    expect(playerShortcut(press('K'))).toBe('pause');
  });

  it('leaves combinations with Ctrl, Cmd and Alt to the browser', () => {
    expect(playerShortcut(press('i', { ctrlKey: true }))).toBeNull();
    expect(playerShortcut(press('f', { metaKey: true }))).toBeNull();
    expect(playerShortcut(press('ArrowLeft', { altKey: true }))).toBeNull();
  });
});

describe('key targets', () => {
  const element = (tagName: string, attributes: Record<string, string> = {}, isContentEditable = false) => ({
    tagName,
    isContentEditable,
    getAttribute: (name: string) => attributes[name] ?? null,
  });

  it('recognises fields and keyboard widgets', () => {
    expect(isTypingTarget(element('input'))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('select'))).toBe(true);
    expect(isTypingTarget(element('div', {}, true))).toBe(true);
    expect(isTypingTarget(element('div', { role: 'slider' }))).toBe(true);
    expect(isTypingTarget(element('div'))).toBe(false);
    expect(isTypingTarget(element('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('recognises buttons', () => {
    expect(isButtonTarget(element('BUTTON'))).toBe(true);
    expect(isButtonTarget(element('div', { role: 'button' }))).toBe(true);
    expect(isButtonTarget(element('div'))).toBe(false);
  });
});
