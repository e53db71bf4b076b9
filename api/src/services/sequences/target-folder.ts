import { AppError, canUpdate, canView, type Actor } from '@mam/core';
import type { Repositories } from '@mam/db';
import { defaultUploadFolder } from '../items/upload-folder.service';

/** A folder the actor may put a new item in: NOT_FOUND when hidden, FORBIDDEN when they may not change it. */
export async function targetFolderId(repos: Repositories, actor: Actor, folderId: string | null | undefined) {
  if (!folderId) return (await defaultUploadFolder(repos, actor)).folder.id;
  const folder = await repos.folders.findById(actor.tenantId, folderId);
  const access = folder ? { ...folder, createdBy: folder.ownerId } : undefined;
  if (!folder || !access || !canView(actor, access)) throw new AppError('NOT_FOUND');
  if (!canUpdate(actor, access)) throw new AppError('FOLDER_UPDATE_FORBIDDEN');
  return folder.id;
}
