import { z } from 'zod';

/** Ticks of 1/12800 s from the media start. */
export const ZLogTicks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** The form's row id or key; the service checks the values against it. */
export const ZLogFormId = z.string().trim().min(1).max(100);
export const ZLogValues = z.record(z.string(), z.unknown());
