import type { TKeyPress } from '../player/shortcuts';

/** Keys of the cutter page as a whole (outside text fields): add the marked range, undo and redo. */
export type TCutterAction = 'addRange' | 'undo' | 'redo';

export function cutterShortcut(press: TKeyPress): TCutterAction | null {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const command = press.ctrlKey || press.metaKey;
  if (command && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !press.shiftKey) return 'redo';
    return null;
  }
  if (key === 's' && !press.shiftKey && !press.altKey) return 'addRange';
  return null;
}

/** Keys of the focused timeline: it takes the arrows, Space and Delete from the source player while it has focus. */
export type TTimelineKey =
  | { type: 'togglePlay' }
  | { type: 'step'; delta: number }
  | { type: 'trimIn'; delta: number }
  | { type: 'trimOut'; delta: number }
  | { type: 'selectStep'; delta: number }
  | { type: 'move'; delta: number }
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'remove' }
  | { type: 'split' };

/**
 * ← → move the playhead a frame; Shift trims the selected clip's in point and Alt (or Ctrl/Cmd) its out point by a
 * frame instead. ↑ ↓ select the clip before or after; with Shift they move the selected clip. Home and End, Delete
 * or Backspace, B splits at the playhead, Space plays the sequence.
 */
export function timelineKey(press: TKeyPress): TTimelineKey | null {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const outPoint = press.altKey || press.ctrlKey || press.metaKey;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const delta = key === 'ArrowLeft' ? -1 : 1;
    if (outPoint && !press.shiftKey) return { type: 'trimOut', delta };
    if (press.shiftKey && !outPoint) return { type: 'trimIn', delta };
    return outPoint ? null : { type: 'step', delta };
  }
  if (outPoint) return null;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const delta = key === 'ArrowUp' ? -1 : 1;
    return press.shiftKey ? { type: 'move', delta } : { type: 'selectStep', delta };
  }
  if (press.shiftKey) return null;
  switch (key) {
    case ' ':
      return { type: 'togglePlay' };
    case 'Home':
      return { type: 'start' };
    case 'End':
      return { type: 'end' };
    case 'Delete':
    case 'Backspace':
      return { type: 'remove' };
    case 'b':
      return { type: 'split' };
    default:
      return null;
  }
}
