import { WATCH_FOLDER_MAX_STABLE_SECONDS, WATCH_FOLDER_MIN_STABLE_SECONDS } from '@mam/core';
import { z } from 'zod';

/** The watch folder's settings as clients send them (tRPC and REST alike). */
export const ZWatchFolderFields = z.object({
  subpath: z
    .string()
    .max(500)
    .optional()
    .describe('Inside the organisation’s folder of the location; empty: all of it'),
  folderId: z.uuid().describe('Where the new items go'),
  enabled: z.boolean().optional().describe('Off: the location is not watched (default on)'),
  stableSeconds: z
    .number()
    .int()
    .min(WATCH_FOLDER_MIN_STABLE_SECONDS)
    .max(WATCH_FOLDER_MAX_STABLE_SECONDS)
    .optional()
    .describe('How long a file must stay unchanged before it is ingested (default 10)'),
});

export const ZCreateWatchFolderFields = ZWatchFolderFields.extend({
  storageId: z.uuid().describe('The high-res (upload) location watched'),
});
export const ZUpdateWatchFolderFields = ZWatchFolderFields.partial();
