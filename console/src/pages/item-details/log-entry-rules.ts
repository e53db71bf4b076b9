import { normaliseShortcut, secondsToTicks, ticksToSeconds } from '@mam/core';
import type { TMarks } from '../../features/player/marks';
import type { TPlayerMarker } from '../../features/player/timeline-markers';

export interface TKeyChord {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/** A key press in the canonical text of form shortcuts ('alt+shift+g'), for comparing with `normaliseShortcut`. */
export function chordOf(event: TKeyChord): string | null {
  const key = event.key === ' ' ? 'space' : event.key.toLowerCase();
  if (['control', 'alt', 'shift', 'meta'].includes(key)) return null;
  const modifiers = [
    event.ctrlKey && 'ctrl',
    event.altKey && 'alt',
    event.shiftKey && 'shift',
    event.metaKey && 'meta',
  ];
  return [...modifiers.filter(Boolean), key].join('+');
}

/** The logging form a key press logs, or undefined. */
export function formForChord<T extends { form: { keyboardShortcut: string | null } }>(
  forms: readonly T[],
  event: TKeyChord,
): T | undefined {
  const chord = chordOf(event);
  if (chord === null) return undefined;
  return forms.find(({ form }) => form.keyboardShortcut && normaliseShortcut(form.keyboardShortcut) === chord);
}

/**
 * Where a new entry goes: from the playhead for the form's duration when it has one; otherwise the player's in
 * and out marks when both are set; otherwise a marker at the playhead.
 */
export function newEntryRange(
  playheadSeconds: number,
  durationSeconds: number | null,
  marks: TMarks,
): { tcIn: number; tcOut: number | null } {
  const tcIn = secondsToTicks(Math.max(0, playheadSeconds));
  if (durationSeconds !== null && durationSeconds > 0) return { tcIn, tcOut: tcIn + secondsToTicks(durationSeconds) };
  if (marks.in !== null && marks.out !== null && marks.out > marks.in) {
    return { tcIn: secondsToTicks(marks.in), tcOut: secondsToTicks(marks.out) };
  }
  return { tcIn, tcOut: null };
}

/** A short text of an entry's values, for lists and timeline labels. */
export function valuesSummary(values: Record<string, unknown>): string {
  return Object.values(values)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join(', ');
}

/** The spec's default colour of timed metadata, for forms without one of their own. */
export const TIMED_METADATA_COLOUR = '#5daec1fa';

/** Log entries as player markers, told apart from comment markers by their id prefix. */
export const LOG_MARKER_PREFIX = 'log:';

export function logEntryMarkers(
  entries: ReadonlyArray<{
    id: string;
    tcIn: number;
    tcOut: number | null;
    formLabel: string;
    color: string | null;
    values: Record<string, unknown>;
  }>,
  timecodeLabel: (tcIn: number, tcOut: number | null) => string,
): TPlayerMarker[] {
  return entries.map((entry) => {
    const summary = valuesSummary(entry.values);
    return {
      id: `${LOG_MARKER_PREFIX}${entry.id}`,
      inSeconds: ticksToSeconds(entry.tcIn),
      outSeconds: entry.tcOut === null ? null : ticksToSeconds(entry.tcOut),
      label: [
        timecodeLabel(entry.tcIn, entry.tcOut),
        summary ? `${entry.formLabel}: ${summary}` : entry.formLabel,
      ].join(' · '),
      colour: entry.color ?? TIMED_METADATA_COLOUR,
      dimmed: false,
    };
  });
}
