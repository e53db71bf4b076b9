import { secondsToTicks, type TAnnotation } from '@mam/core';
import { drawingsBesideDraft, dueDrawings, type TDrawnComment } from './due-drawings';

const drawing: TAnnotation = { shapes: [{ type: 'box', colour: 'red', from: [0.1, 0.1], to: [0.2, 0.2] }] };
const frame = 1 / 50;

function comment(id: string, seconds: number | null, extra: Partial<TDrawnComment> = {}): TDrawnComment {
  return {
    id,
    tcIn: seconds === null ? null : secondsToTicks(seconds),
    tcOut: null,
    deleted: false,
    annotation: drawing,
    ...extra,
  };
}

describe('dueDrawings', () => {
  const comments = [
    comment('at-2s', 2),
    comment('at-5s', 5),
    comment('plain', 2, { annotation: null }),
    comment('gone', 2, { deleted: true }),
    comment('range', 1, { tcOut: secondsToTicks(3) }),
  ];
  const ids = (seconds: number, selected: string | null = null, paused = true) =>
    dueDrawings(comments, seconds, frame, { id: selected, paused }).map((d) => d.id);

  it('shows the drawings due at this frame, not those without a drawing or deleted', () => {
    expect(ids(2.01)).toEqual(['at-2s', 'range']);
    expect(ids(4)).toEqual([]);
    expect(ids(5 - frame + 0.001)).toEqual(['at-5s']);
  });

  it("shows the selected comment's drawing while paused, elsewhere too", () => {
    expect(ids(4, 'at-5s')).toEqual(['at-5s']);
    expect(ids(4, 'at-5s', false)).toEqual([]);
  });
});

describe('drawingsBesideDraft', () => {
  const comments = [comment('a', 2), comment('b', 2)];
  const ids = (draft: { drawing: boolean; editingId: string | null }) =>
    drawingsBesideDraft(comments, 2, frame, { id: null, paused: true }, draft).map((d) => d.id);
  it('shows the due drawings, but not the one being edited, whose draft stands in for it', () => {
    expect(ids({ drawing: false, editingId: null })).toEqual(['a', 'b']);
    expect(ids({ drawing: false, editingId: 'a' })).toEqual(['b']);
  });
  it('shows none while drawing: the frame belongs to the draft', () => {
    expect(ids({ drawing: true, editingId: 'a' })).toEqual([]);
    expect(ids({ drawing: true, editingId: null })).toEqual([]);
  });
});
