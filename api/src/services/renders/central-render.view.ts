import type { TRenderRow, TRenderState } from '@mam/db';

/** A render as the console and the REST API see it (the renders.* contract). */
export interface TRenderView {
  id: string;
  sequenceId: string;
  placeholderItemId: string;
  presetId: string;
  presetName: string;
  state: TRenderState;
  /** 0..1 of the render itself; the placeholder's processing shows on the placeholder. */
  progress: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export function toRenderView(row: TRenderRow): TRenderView {
  return {
    id: row.id,
    sequenceId: row.sequenceItemId,
    placeholderItemId: row.placeholderItemId,
    presetId: row.presetId,
    presetName: row.presetName,
    state: row.state,
    progress: Math.round(row.progress * 1000) / 1000,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A render that has not ended: the only kind cancel acts on. */
export const RUNNING_RENDER_STATES: readonly TRenderState[] = ['queued', 'rendering', 'processing'];
