import { normaliseShortcut, shortcutModifiers } from '@mam/core';

/** The parts of a KeyboardEvent a shortcut is read from. */
export interface TKeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/**
 * What a key press in the shortcut input means: wait for more keys (a modifier alone), leave the press to the
 * browser (Tab moves focus, Escape closes the editor), clear the shortcut, or set it.
 */
export type TCapture = { kind: 'wait' } | { kind: 'pass' } | { kind: 'clear' } | { kind: 'set'; shortcut: string };

const modifierKeys: ReadonlySet<string> = new Set(['Control', 'Alt', 'AltGraph', 'Shift', 'Meta', 'OS', 'Dead']);

/**
 * The key's name as shortcuts spell it. Letters and digits come from the physical key, since with Alt or Shift held
 * `key` is another character ('©' for Alt+G on a Mac, '!' for Shift+1).
 */
function keyName(press: TKeyPress): string {
  const letter = /^Key([A-Z])$/.exec(press.code);
  if (letter) return letter[1]!.toLowerCase();
  const digit = /^Digit(\d)$/.exec(press.code);
  if (digit) return digit[1]!;
  if (press.key === ' ' || press.code === 'Space') return 'space';
  return press.key.toLowerCase();
}

/**
 * Reads the combination pressed in the shortcut input. A combination core does not accept (one the browser keeps
 * for itself) is still returned as pressed, so the editor shows SHORTCUT_INVALID rather than ignoring the keys.
 */
export function captureShortcut(press: TKeyPress): TCapture {
  if (modifierKeys.has(press.key)) return { kind: 'wait' };
  const modifiers = shortcutModifiers.filter((modifier) => press[`${modifier}Key`]);
  if (press.key === 'Tab' && modifiers.every((modifier) => modifier === 'shift')) return { kind: 'pass' };
  if (press.key === 'Escape' && modifiers.length === 0) return { kind: 'pass' };
  if ((press.key === 'Backspace' || press.key === 'Delete') && modifiers.length === 0) return { kind: 'clear' };
  const text = [...modifiers, keyName(press)].join('+');
  return { kind: 'set', shortcut: normaliseShortcut(text) ?? text };
}
