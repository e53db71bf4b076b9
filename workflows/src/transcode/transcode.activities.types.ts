import type { MediaItemType } from '@mam/core';

/** One transcode run: a version of an item, and the activity-monitor row that shows it. */
export interface TranscodeInput {
  tenantId: string;
  itemId: string;
  versionId: string;
  operationId: string;
}

/** Where a step sits in the run, so each activity can report the run's overall progress. */
export interface TranscodeStep extends TranscodeInput {
  stepIndex: number;
  stepCount: number;
}

/**
 * 'playable' is the one decode that makes HLS (published while it grows), proxy, filmstrip and waveform; runs
 * planned before it existed name those four separately, and replay them that way.
 */
export type RenderKind =
  'playable' | 'proxy' | 'hls' | 'thumbnail' | 'filmstrip' | 'waveform' | 'imagePreviews' | 'documentThumbnail';

/**
 * The activities of the transcode workflow, implemented in @mam/workers. Each is idempotent: outputs go to
 * deterministic keys and rows are overwritten, so a step that runs again after a crash does no harm.
 */
export interface TranscodeActivities {
  /** Moves the finished tus upload into the tenant's upload storage. */
  storeOriginal(step: TranscodeStep): Promise<void>;
  /** Probes the stored original; sets the item type and technical metadata, and says which renditions to make. */
  probeOriginal(step: TranscodeStep): Promise<{ itemType: MediaItemType; steps: RenderKind[] }>;
  render(step: TranscodeStep & { kind: RenderKind }): Promise<void>;
  completeTranscode(input: TranscodeInput): Promise<void>;
  failTranscode(input: TranscodeInput & { message: string }): Promise<void>;
}
