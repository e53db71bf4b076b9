import { TASK_PRIORITIES, TASK_SORTS, TASK_STATUSES, ZIsoDateTime } from '@mam/core';
import { z } from 'zod';

/** Ticks of 1/12800 s from the media start. */
export const ZTicks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** The service trims the text and refuses an empty one with an issue on `text`. */
export const ZCommentText = z.string().max(10_000);
export const ZTaskState = z.enum(['open', 'resolved', 'all']).default('open');
export const ZTaskLimit = z.number().int().min(1).max(500).default(100);
export const ZTaskStatus = z.enum(TASK_STATUSES);
export const ZTaskPriority = z.enum(TASK_PRIORITIES);
export const ZTaskSort = z.enum(TASK_SORTS);
/** A due date and time with its zone; null clears it. */
export const ZTaskDueAt = ZIsoDateTime.transform((value) => new Date(value)).nullable();
