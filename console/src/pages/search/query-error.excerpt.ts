/** The part of a query around the place the parser stopped, split so the console can mark that character. */
export interface TErrorExcerpt {
  before: string;
  /** The character at the position; '' when the query ended too early (the mark then follows the text). */
  at: string;
  after: string;
  clippedStart: boolean;
  clippedEnd: boolean;
}

/**
 * `position` is 1-based, as the server reports it (one past the end when the query stopped too soon). Long queries
 * are cut to about `width` characters around it; line breaks read as spaces so the excerpt stays on one line.
 */
export function errorExcerpt(query: string, position: number, width = 60): TErrorExcerpt {
  const text = query.replace(/\s/g, ' ');
  const index = Math.min(Math.max(Math.trunc(position) - 1, 0), text.length);
  const start = Math.max(0, Math.min(index - Math.floor(width / 2), text.length - width));
  const end = Math.min(text.length, start + width);
  return {
    before: text.slice(start, index),
    at: text.slice(index, index + 1),
    after: index + 1 <= end ? text.slice(index + 1, end) : '',
    clippedStart: start > 0,
    clippedEnd: end < text.length,
  };
}
