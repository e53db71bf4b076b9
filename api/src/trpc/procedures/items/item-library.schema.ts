import { z } from 'zod';

/** Batches from the console's multi-select (tiles cap at 32; the list view allows more). */
export const ZItemIds = z.array(z.uuid()).min(1).max(500);

export const ZPageInput = {
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
};
