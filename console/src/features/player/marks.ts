/** In and out points in media seconds (frame starts); null when not set. */
export interface TMarks {
  in: number | null;
  out: number | null;
}

export const NO_MARKS: TMarks = { in: null, out: null };

/** A new in point after the out point starts a new range: the out point is dropped. */
export function setMarkIn(marks: TMarks, seconds: number): TMarks {
  return { in: seconds, out: marks.out !== null && marks.out < seconds ? null : marks.out };
}

/** A new out point before the in point starts a new range: the in point is dropped. */
export function setMarkOut(marks: TMarks, seconds: number): TMarks {
  return { in: marks.in !== null && marks.in > seconds ? null : marks.in, out: seconds };
}

/**
 * The shaded part of the timeline as fractions of its width. The out frame is included, so the range ends one frame
 * after the out point; with only one mark the range runs to the start or the end.
 */
export function markedRange(
  marks: TMarks,
  durationSeconds: number,
  frameSeconds: number,
): { start: number; end: number } | null {
  if (durationSeconds <= 0 || (marks.in === null && marks.out === null)) return null;
  const start = marks.in ?? 0;
  const end = marks.out === null ? durationSeconds : Math.min(durationSeconds, marks.out + frameSeconds);
  const fraction = (s: number) => Math.min(1, Math.max(0, s / durationSeconds));
  return { start: fraction(start), end: fraction(end) };
}
