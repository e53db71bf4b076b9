import { mentionsToPlainText, type TAnnotation } from '@mam/core';
import type { TCommentRow } from '@mam/db';

/**
 * One comment as an outside reviewer sees it on a share page: the author's display name only (never an e-mail or
 * an id), mentions as plain names, no assignee or task fields.
 */
export interface TPublicShareComment {
  id: string;
  /** The team member's name or the name an outside reviewer gave; null for a user without a name or gone. */
  author: string | null;
  external: boolean;
  text: string;
  tcIn: number | null;
  tcOut: number | null;
  annotation: TAnnotation | null;
  resolved: boolean;
  createdAt: string;
  editedAt: string | null;
  /** Written from this browser on this share: its reviewer may edit it here. */
  mine: boolean;
}

export interface TPublicShareThread extends TPublicShareComment {
  replies: TPublicShareComment[];
}

/**
 * The item's live threads, oldest first, replies under their comment. Deleted comments and their replies stay out:
 * a share shows what is there, not the team's history.
 */
export function publicThreads(
  rows: readonly TCommentRow[],
  names: ReadonlyMap<string, string>,
  visitId: string,
): TPublicShareThread[] {
  const view = (row: TCommentRow): TPublicShareComment => ({
    id: row.id,
    author: row.externalAuthor ?? (row.authorId ? (names.get(row.authorId) ?? null) : null),
    external: row.externalAuthor !== null,
    text: mentionsToPlainText(row.text),
    tcIn: row.parentId ? null : row.tcIn,
    tcOut: row.parentId ? null : row.tcOut,
    annotation: row.parentId ? null : row.annotation,
    resolved: row.resolvedAt !== null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    mine: row.shareVisitId === visitId,
  });
  const live = rows.filter((row) => !row.deletedAt);
  const replies = new Map<string, TPublicShareComment[]>();
  for (const row of live) {
    if (row.parentId) replies.set(row.parentId, [...(replies.get(row.parentId) ?? []), view(row)]);
  }
  return live.filter((row) => !row.parentId).map((row) => ({ ...view(row), replies: replies.get(row.id) ?? [] }));
}
