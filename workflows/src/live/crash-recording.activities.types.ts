/**
 * A crash recording as started: the source it began on, who started it, and the live item the service made for it
 * (made before the run starts, so the answer to "start" can name it and search finds it at once).
 */
export interface TCrashRecordingInput {
  tenantId: string;
  sourceId: string;
  userId: string;
  itemId: string;
  versionId: string;
  /** The starting source's codecs as the start saw them moments before (absent when it did not know them). */
  startCodecs?: TStartCodecs;
}

/** A source's codecs as a recent probe named them: the recorder's first run keeps them instead of probing again. */
export interface TStartCodecs {
  sourceId: string;
  video: string;
  audio: string | null;
}

/** The live item the recording goes into, and when the tenant's crash recording duration ends it. */
export interface TCrashRecordingItem {
  itemId: string;
  versionId: string;
  /** ISO time: start plus the tenant's crash recording duration, fixed once so restarts keep it. */
  stopAt: string;
  startCodecs?: TStartCodecs;
}

/** One run of the recorder over one source, until it is told to stop, the source changes, or the input ends. */
export interface TRecordLiveInput extends TCrashRecordingItem {
  tenantId: string;
  sourceId: string;
  /** The run to ask (by query) whether to stop or switch. */
  workflowId: string;
}

/**
 * stopped: asked to stop; switched: the run's source is no longer the one to record; deadline: the duration ran
 * out; source-lost: the input ended or fell silent (worth trying again for a while).
 */
export type TRecordLiveOutcome = 'stopped' | 'switched' | 'deadline' | 'source-lost';

export interface TRecordLiveResult {
  outcome: TRecordLiveOutcome;
  /** High-res segments this run closed. */
  segments: number;
}

/** Why a recording ended: asked to stop, its duration ran out, or its source stayed silent past the reconnection window. */
export type TCrashRecordingEnd = 'stopped' | 'deadline' | 'source-lost';

/** What a running crash recording answers to the recorder's query. */
export interface TCrashRecordingState {
  sourceId: string;
  stopRequested: boolean;
  itemId: string | null;
}

/**
 * The activities of the crash recording workflow, implemented in @mam/workers. Each is idempotent: the item is
 * found by the run's id when it exists, a recorder run appends after what earlier runs wrote, and the join
 * overwrites its output.
 */
export interface CrashRecordingActivities {
  /** Fixes when the tenant's duration ends the recording and marks the live item as recording. */
  beginCrashRecording(input: TCrashRecordingInput & { workflowId: string }): Promise<TCrashRecordingItem>;
  recordLive(input: TRecordLiveInput): Promise<TRecordLiveResult>;
  /**
   * Joins the high-res segments without re-encoding into the item's original and hands it to the usual processing,
   * as a finished upload is; when nothing was recorded the item says so.
   */
  finishCrashRecording(
    input: TCrashRecordingInput & { ended?: TCrashRecordingEnd; endedSourceId?: string },
  ): Promise<void>;
}
