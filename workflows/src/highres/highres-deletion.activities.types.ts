/** The item whose high resolution a deletion run is for. */
export interface HighresDeletionInput {
  tenantId: string;
  itemId: string;
}

/** When to delete, read from the item's schedule as it is now: null when it is no longer scheduled. */
export interface HighresDeletionPlan {
  /** ISO time the deletion is scheduled for. */
  at: string;
  /** Milliseconds from now until then; 0 for at once. */
  waitMs: number;
}

/**
 * The activities of the high-res deletion workflow, implemented in @mam/workers. The plan (which includes "now")
 * is an activity result kept in the run's history, so the workflow never reads the clock itself.
 */
export interface HighresDeletionActivities {
  planHighresDeletion(input: HighresDeletionInput): Promise<HighresDeletionPlan | null>;
  /**
   * Deletes the originals of every version when the schedule still says `at` and it is due; false when the
   * schedule moved or was cancelled meanwhile (the workflow plans again).
   */
  deleteHighres(input: HighresDeletionInput & { at: string }): Promise<boolean>;
}
