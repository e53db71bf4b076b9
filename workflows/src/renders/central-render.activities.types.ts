import type { TranscodeInput } from '../transcode/transcode.activities.types';

/** One central render: the render row names the sequence, the preset and the placeholder it fills. */
export interface CentralRenderInput {
  tenantId: string;
  renderId: string;
}

/**
 * The activities of the central render workflow, implemented in @mam/workers. Each is idempotent: the render writes a
 * work file named after the render and replaces it on a rerun, and rows are overwritten.
 */
export interface CentralRenderActivities {
  /**
   * Renders the sequence with the render's preset (its fallback when a rewrap cannot take the sources) and hands the
   * file to the placeholder's version as a finished upload; says which transcode run processes it.
   */
  renderSequenceIntoPlaceholder(input: CentralRenderInput): Promise<TranscodeInput>;
  completeRender(input: CentralRenderInput): Promise<void>;
  failRender(input: CentralRenderInput & { message: string }): Promise<void>;
}
