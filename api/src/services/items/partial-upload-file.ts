import { isUuid } from '@mam/core';
import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Deletes what tus keeps of an unfinished upload in `<DATA_DIR>/uploads` (the bytes so far and their `.json` offset
 * record), as @tus/file-store lays them out. Missing files are fine: a sweep and a cancel may meet.
 */
export async function removePartialUpload(uploadsDir: string, uploadId: string): Promise<void> {
  // Upload ids are version ids; anything else must not become a path.
  if (!isUuid(uploadId)) return;
  await rm(path.join(uploadsDir, uploadId), { force: true });
  await rm(path.join(uploadsDir, `${uploadId}.json`), { force: true });
}
