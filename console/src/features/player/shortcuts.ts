export type TPlayerAction =
  | 'togglePlay'
  | 'pause'
  | 'shuttleForward'
  | 'shuttleReverse'
  | 'previousFrame'
  | 'nextFrame'
  | 'markIn'
  | 'markOut'
  | 'goToIn'
  | 'goToOut'
  | 'toggleMute'
  | 'toggleFullscreen';

export interface TKeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The player action of a key press, or null. Combinations with Ctrl, Cmd or Alt belong to the browser and the
 * system. Shift is read from the flag, not the letter's case, so Caps Lock does not turn I into "go to in".
 */
export function playerShortcut(press: TKeyPress): TPlayerAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.shiftKey) {
    if (key === 'i') return 'goToIn';
    if (key === 'o') return 'goToOut';
    return null;
  }
  switch (key) {
    case ' ':
    case 'Spacebar':
      return 'togglePlay';
    case 'k':
      return 'pause';
    case 'l':
      return 'shuttleForward';
    case 'j':
      return 'shuttleReverse';
    case 'ArrowLeft':
    case ',':
      return 'previousFrame';
    case 'ArrowRight':
    case '.':
      return 'nextFrame';
    case 'i':
      return 'markIn';
    case 'o':
      return 'markOut';
    case 'm':
      return 'toggleMute';
    case 'f':
      return 'toggleFullscreen';
    default:
      return null;
  }
}

/** The roles and elements where keys type text or move a control, so the player leaves them alone. */
const typingRoles = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'slider',
  'listbox',
  'menu',
  'menuitem',
]);

export interface TKeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** True when the key belongs to the focused element: form fields, editable text and keyboard-driven widgets. */
export function isTypingTarget(target: TKeyTarget | null): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.('role');
  return !!role && typingRoles.has(role);
}

/** A focused button acts on Space and Enter itself; handling the key too would act twice. */
export function isButtonTarget(target: TKeyTarget | null): boolean {
  if (!target) return false;
  return target.tagName?.toUpperCase() === 'BUTTON' || target.getAttribute?.('role') === 'button';
}
