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
