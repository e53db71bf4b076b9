import type { TWatchObservation } from '@mam/core';

/** One watch folder's workflow: which row it polls. */
export interface WatchFolderInput {
  tenantId: string;
  watchFolderId: string;
}

/** A poll carries what the previous one saw, so stability is judged across polls. */
export interface WatchFolderPollInput extends WatchFolderInput {
  watching: TWatchObservation[];
}

export interface WatchFolderPollResult {
  /** Files seen but not yet stable, for the next poll. */
  watching: TWatchObservation[];
  /** How long to wait before the next poll: the watch folder's stable time. */
  waitMs: number;
  /** Items made by this poll. */
  ingested: number;
}

/**
 * The watch folder's activities, implemented in @mam/workers. A poll is idempotent: a file it ingested is claimed
 * in the transaction that made its item, so running the poll again after a crash makes nothing twice.
 */
export interface WatchFolderActivities {
  /** Null when the watch folder was deleted or disabled: the run ends. */
  pollWatchFolder(input: WatchFolderPollInput): Promise<WatchFolderPollResult | null>;
  /** Starts the next run of this watch folder once this one has closed (keeps each run's history short). */
  continueWatchFolder(input: WatchFolderInput): Promise<void>;
}
