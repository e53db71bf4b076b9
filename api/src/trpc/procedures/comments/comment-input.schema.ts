import { z } from 'zod';

/** Ticks of 1/12800 s from the media start. */
export const ZTicks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** The service trims the text and refuses an empty one with an issue on `text`. */
export const ZCommentText = z.string().max(10_000);
export const ZTaskState = z.enum(['open', 'resolved', 'all']).default('open');
export const ZTaskLimit = z.number().int().min(1).max(500).default(100);
