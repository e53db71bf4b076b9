import type { TAnnotation } from '@mam/core';
import { useMemo, useState } from 'react';
import { useAnnotationDraft, type TAnnotationDraft } from './use-annotation-draft';

export interface TDrawingEdit {
  /** The posted comment whose drawing is open for editing, or null. */
  commentId: string | null;
  /** Its shapes while it is open: what the layer over the picture draws into and the edit saves. */
  draft: TAnnotationDraft;
  open(comment: { id: string; annotation: TAnnotation | null }): void;
  close(): void;
}

/**
 * Editing the drawing of a posted comment, one comment at a time, beside the draft of a new comment: the page owns
 * it because the layer over the player and the comment's edit form both use it.
 */
export function useDrawingEdit(): TDrawingEdit {
  const draft = useAnnotationDraft();
  const [commentId, setCommentId] = useState<string | null>(null);
  const { load, reset } = draft;
  return useMemo(
    () => ({
      commentId,
      draft,
      open: (comment) => {
        setCommentId(comment.id);
        load(comment.annotation?.shapes ?? []);
      },
      close: () => {
        setCommentId(null);
        reset();
      },
    }),
    [commentId, draft, load, reset],
  );
}
