import { rm } from 'node:fs/promises';
import path from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes what tus keeps of an unfinished upload in `<DATA_DIR>/uploads` (the bytes so far and their `.json` offset
 * record), as @tus/file-store lays them out. Missing files are fine: a sweep and a cancel may meet.
 */
export async function removePartialUpload(uploadsDir: string, uploadId: string): Promise<void> {
  // Upload ids are version ids; anything else must not become a path.
  if (!UUID.test(uploadId)) return;
  await rm(path.join(uploadsDir, uploadId), { force: true });
  await rm(path.join(uploadsDir, `${uploadId}.json`), { force: true });
}
