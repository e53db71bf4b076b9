/** Modifier keys in the order the canonical form lists them ('ctrl+alt+shift+meta+key'). */
export const shortcutModifiers = ['ctrl', 'alt', 'shift', 'meta'] as const;
export type ShortcutModifier = (typeof shortcutModifiers)[number];

export interface TShortcut {
  modifiers: ShortcutModifier[];
  /** Lower case: a single character ('g', '?', '+') or a named key ('arrowleft', 'f5', 'space'). */
  key: string;
}

const modifierAliases: Record<string, ShortcutModifier> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  opt: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  super: 'meta',
  win: 'meta',
};

const keyAliases: Record<string, string> = {
  esc: 'escape',
  left: 'arrowleft',
  right: 'arrowright',
  up: 'arrowup',
  down: 'arrowdown',
  spacebar: 'space',
  return: 'enter',
  del: 'delete',
  ins: 'insert',
  pgup: 'pageup',
  pgdn: 'pagedown',
  plus: '+',
};

const namedKeys: ReadonlySet<string> = new Set([
  'arrowleft',
  'arrowright',
  'arrowup',
  'arrowdown',
  'space',
  'enter',
  'escape',
  'tab',
  'backspace',
  'delete',
  'insert',
  'home',
  'end',
  'pageup',
  'pagedown',
  ...Array.from({ length: 12 }, (_, index) => `f${index + 1}`),
]);

/**
 * Keys the browser keeps for itself: a web page never receives them, so a form shortcut on one would never fire.
 */
const browserReserved: ReadonlySet<string> = new Set([
  'ctrl+n',
  'ctrl+t',
  'ctrl+w',
  'ctrl+tab',
  'ctrl+shift+n',
  'ctrl+shift+t',
  'ctrl+shift+w',
  'ctrl+shift+tab',
  'alt+f4',
  'meta+n',
  'meta+q',
  'meta+t',
  'meta+w',
]);

/** Shortcuts the player and the console already use (spec); a form or field shortcut must not collide with them. */
export const SYSTEM_SHORTCUTS: readonly string[] = [
  'i',
  'o',
  's',
  'shift+i',
  'shift+o',
  'j',
  'k',
  'l',
  'space',
  'arrowleft',
  'arrowright',
  'shift+arrowleft',
  'shift+arrowright',
  'escape',
  'ctrl+k',
  'meta+k',
  '?',
];

/** One printable character that is not whitespace (letters of any script, digits, punctuation). */
function isSingleCharacter(key: string): boolean {
  return [...key].length === 1 && /^\S$/u.test(key);
}

function splitParts(text: string): string[] {
  // '+' is both the separator and a key: 'ctrl++' and '+' name the plus key.
  if (text === '+') return ['+'];
  if (text.endsWith('++')) return [...text.slice(0, -2).split('+'), '+'];
  return text.split('+');
}

/**
 * Reads a shortcut as people type it ('Shift+Alt+G', 'cmd + k', 'Esc'). Returns null unless it is exactly one key
 * with distinct modifiers, and the browser lets pages have it. Letters are case-insensitive; 'G' does not imply
 * shift, which must be written.
 */
export function parseShortcut(text: string): TShortcut | null {
  const compact = text.trim().replace(/\s*\+\s*/g, '+');
  if (compact === '') return null;
  const parts = splitParts(compact).map((part) => part.toLowerCase());
  const rawKey = parts.pop();
  if (rawKey === undefined || rawKey === '') return null;
  const modifiers = new Set<ShortcutModifier>();
  for (const part of parts) {
    const modifier = modifierAliases[part];
    if (modifier === undefined || modifiers.has(modifier)) return null;
    modifiers.add(modifier);
  }
  const key = keyAliases[rawKey] ?? rawKey;
  if (modifierAliases[key] !== undefined) return null;
  if (!namedKeys.has(key) && !isSingleCharacter(key)) return null;
  const shortcut = { modifiers: shortcutModifiers.filter((modifier) => modifiers.has(modifier)), key };
  return browserReserved.has(formatShortcut(shortcut)) ? null : shortcut;
}

/** The canonical text: lower case, modifiers in ctrl, alt, shift, meta order, joined by '+'. */
export function formatShortcut(shortcut: TShortcut): string {
  return [...shortcut.modifiers, shortcut.key].join('+');
}

/** Canonical form of a typed shortcut ('Shift+Alt+G' → 'alt+shift+g'), or null when it is not valid. */
export function normaliseShortcut(text: string): string | null {
  const shortcut = parseShortcut(text);
  return shortcut === null ? null : formatShortcut(shortcut);
}

export function isValidShortcut(text: string): boolean {
  return parseShortcut(text) !== null;
}

/** A shortcut somebody already has; `usedBy` names the owner for messages ('form "Logging"', 'system'). */
export interface TShortcutUse {
  shortcut: string;
  usedBy: string;
}

/**
 * Who already uses the shortcut: 'system' for the product's own keys, else the `usedBy` of the first use that
 * means the same keys. Returns null when it is free or when `text` is not valid (validity is its own check).
 */
export function findShortcutConflict(text: string, taken: Iterable<TShortcutUse>): string | null {
  const wanted = normaliseShortcut(text);
  if (wanted === null) return null;
  if (SYSTEM_SHORTCUTS.includes(wanted)) return 'system';
  for (const use of taken) if (normaliseShortcut(use.shortcut) === wanted) return use.usedBy;
  return null;
}
