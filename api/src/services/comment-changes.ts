import { annotationSummary, auditChanges, mentionsToPlainText, type TAuditChanges } from '@mam/core';
import type { TCommentRow } from '@mam/db';

type TEditable = Pick<TCommentRow, 'text' | 'tcIn' | 'tcOut' | 'annotation'>;

/** What an edit changed, for the History tab: the text as people read it (mentions as names) and the drawing. */
export function commentEditChanges(before: TEditable, after: TEditable): TAuditChanges {
  const shown = (row: TEditable) => ({
    text: mentionsToPlainText(row.text),
    tcIn: row.tcIn,
    tcOut: row.tcOut,
    drawing: annotationSummary(row.annotation),
  });
  const changes = auditChanges(shown(before), shown(after));
  // Shapes moved or redrawn alike read the same in the summary: say that the drawing changed all the same.
  const summary = annotationSummary(after.annotation);
  if (!changes.drawing && summary && JSON.stringify(before.annotation) !== JSON.stringify(after.annotation))
    changes.drawing = { from: summary, to: `${summary} (redrawn)` };
  return changes;
}

const SUBJECT_WORDS_MAX_CHARS = 60;

/** What a comment event acted on, for the audit log's What column: the item's title and the comment's opening words. */
export function commentSubject(itemTitle: string, text: string): string {
  const plain = mentionsToPlainText(text).replace(/\s+/g, ' ').trim();
  const words = plain.length > SUBJECT_WORDS_MAX_CHARS ? `${plain.slice(0, SUBJECT_WORDS_MAX_CHARS - 1)}…` : plain;
  return words ? `${itemTitle} · “${words}”` : itemTitle;
}
