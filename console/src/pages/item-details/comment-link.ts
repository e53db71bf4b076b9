import { mentionsToPlainText, ticksToSeconds } from '@mam/core';
import type { TPlayerMarker } from '../../features/player/timeline-markers';

/** Where a link to a comment points: the item, the comment's in point (ticks) and the comment to open. */
export interface TCommentTarget {
  ticks: number | null;
  commentId: string | null;
}

/** /item-details/<itemId>?t=<ticks>&comment=<id>; the timecode is left out for a comment without one. */
export function commentLink(itemId: string, comment: { id: string; tcIn: number | null }): string {
  const query = new URLSearchParams();
  if (comment.tcIn !== null) query.set('t', String(comment.tcIn));
  query.set('comment', comment.id);
  return `/item-details/${encodeURIComponent(itemId)}?${query.toString()}`;
}

/** The link's target; a `t` that is not a whole, non-negative number of ticks is ignored. */
export function commentTarget(search: URLSearchParams): TCommentTarget {
  const t = search.get('t');
  const ticks = t !== null && /^\d+$/.test(t) ? Number(t) : null;
  return {
    ticks: ticks !== null && Number.isSafeInteger(ticks) ? ticks : null,
    commentId: search.get('comment') || null,
  };
}

const LABEL_LENGTH = 80;

/** Timed top-level comments as player markers; deleted ones are gone from the picture, resolved ones dimmed. */
export function commentMarkers(
  threads: ReadonlyArray<{
    id: string;
    tcIn: number | null;
    tcOut: number | null;
    text: string | null;
    deleted: boolean;
    resolved: boolean;
    author: { name: string; email: string } | null;
  }>,
  timecodeLabel: (tcIn: number, tcOut: number | null) => string,
): TPlayerMarker[] {
  return threads.flatMap((thread) => {
    if (thread.tcIn === null || thread.deleted) return [];
    const text = mentionsToPlainText(thread.text ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    const short = text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text;
    const author = thread.author?.name || thread.author?.email;
    return [
      {
        id: thread.id,
        inSeconds: ticksToSeconds(thread.tcIn),
        outSeconds: thread.tcOut === null ? null : ticksToSeconds(thread.tcOut),
        label: [timecodeLabel(thread.tcIn, thread.tcOut), author ? `${author}: ${short}` : short].join(' · '),
        dimmed: thread.resolved,
      },
    ];
  });
}
