import { z } from 'zod';
import { AppError } from '../errors/app-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest "days after ingest" a schedule may name: about a century, far beyond any retention rule. */
export const MAX_HIGHRES_DELETION_DAYS = 36_500;

/** Delete the high res at a moment, or a whole number of days after the item was ingested. */
export const ZHighresDeletionWhen = z.union([
  z.object({ at: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ afterDays: z.number().int().min(0).max(MAX_HIGHRES_DELETION_DAYS) }).strict(),
]);
export type THighresDeletionWhen = z.infer<typeof ZHighresDeletionWhen>;

export const HIGHRES_DELETION_STATES = ['scheduled', 'deleting', 'deleted', 'cancelled'] as const;
export type THighresDeletionStatus = (typeof HIGHRES_DELETION_STATES)[number];

/**
 * When the deletion happens. A date must lie ahead; days after ingest may already have passed, and then the
 * deletion is due at once (a retention rule applied to old material).
 */
export function highresDeletionTime(when: THighresDeletionWhen, ingestedAt: Date, now: Date): Date {
  if ('afterDays' in when) return new Date(ingestedAt.getTime() + when.afterDays * DAY_MS);
  const at = new Date(when.at);
  if (at.getTime() <= now.getTime()) throw new AppError('EXPIRY_IN_PAST');
  return at;
}

/** What the schedule and unschedule checks need to know of an item. */
export interface THighresState {
  /** Some version finished uploading. */
  hasMedia: boolean;
  /** Some version still has its original stored. */
  hasHighres: boolean;
  /** The item's schedule, if it ever had one. */
  deletion: THighresDeletionStatus | null;
}

/** Scheduling needs a high res to delete, not already being or been deleted. */
export function assertCanScheduleHighresDeletion(state: THighresState): void {
  assertHighresPresent(state);
}

/** The spec's refusals (section 8), in the order that names the reason best: a deleted high res says so. */
export function assertCanUnscheduleHighresDeletion(state: THighresState): void {
  assertHighresPresent(state);
  if (state.deletion !== 'scheduled') throw new AppError('NOT_FOUND');
}

function assertHighresPresent(state: THighresState): void {
  if (state.deletion === 'deleted') throw new AppError('HIGHRES_ALREADY_DELETED');
  if (state.deletion === 'deleting') throw new AppError('HIGHRES_DELETION_IN_PROGRESS');
  if (!state.hasMedia) throw new AppError('ITEM_HAS_NO_MEDIA');
  if (!state.hasHighres) throw new AppError('ITEM_HAS_NO_HIGHRES');
}

/** Milliseconds until the deletion is due; 0 when it is due now. */
export function highresDeletionWaitMs(at: Date, now: Date): number {
  return Math.max(0, at.getTime() - now.getTime());
}
