import { AppError, canUpdate, canView } from '@mam/core';
import type { Repositories } from '@mam/db';
import type { AuthedActor } from '../actor.service';

/** A folder files from storage may be ingested into: one the actor sees (else not found) and may add items to. */
export async function assertIngestFolder(
  repos: Pick<Repositories, 'folders'>,
  actor: AuthedActor,
  folderId: string,
): Promise<string> {
  const folder = await repos.folders.findById(actor.tenantId, folderId);
  const access = folder && { ...folder, createdBy: folder.ownerId };
  if (!access || !canView(actor, access)) throw new AppError('NOT_FOUND');
  if (!canUpdate(actor, access)) throw new AppError('UPLOAD_FORBIDDEN');
  return access.id;
}
