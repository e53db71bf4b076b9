import { annotationShowsAt, type TAnnotation } from '@mam/core';

export interface TDrawnComment {
  id: string;
  tcIn: number | null;
  tcOut: number | null;
  deleted: boolean;
  annotation: TAnnotation | null;
}

/**
 * The drawings to show over the frame at `seconds`: every live comment due at this frame (a frame either side of its
 * in point, or its in–out range), and the selected comment's while the player is paused (selecting one moves the
 * player to it, so it shows even if the frame arithmetic of a seek lands a frame off).
 */
export function dueDrawings(
  comments: readonly TDrawnComment[],
  seconds: number,
  frameSeconds: number,
  selected: { id: string | null; paused: boolean },
): Array<{ id: string; shapes: TAnnotation['shapes'] }> {
  return comments
    .filter(
      (c) =>
        !c.deleted &&
        c.annotation &&
        (annotationShowsAt(c, seconds, frameSeconds) || (selected.paused && c.id === selected.id)),
    )
    .map((c) => ({ id: c.id, shapes: c.annotation!.shapes }));
}

/**
 * What the layer over the picture shows besides the draft: nothing while a drawing is being drawn (the frame is
 * the draft's), otherwise the drawings due here, except the one being edited (its draft shows instead).
 */
export function drawingsBesideDraft(
  comments: readonly TDrawnComment[],
  seconds: number,
  frameSeconds: number,
  selected: { id: string | null; paused: boolean },
  draft: { drawing: boolean; editingId: string | null },
): Array<{ id: string; shapes: TAnnotation['shapes'] }> {
  if (draft.drawing) return [];
  const shown = draft.editingId ? comments.filter((c) => c.id !== draft.editingId) : comments;
  return dueDrawings(shown, seconds, frameSeconds, selected);
}
