import { AppError, can, canUpdate, canView, type Actor } from '@mam/core';
import type { Repositories, TFolderRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { createAuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/** The folder a user's uploads go to when they are not in a folder, as the console shows it. */
export interface TUploadFolder {
  folder: { id: string; name: string; isRoot: boolean };
  /** The user chose it (else the organisation's root folder). */
  chosen: boolean;
  /** The user may choose another (the chooseUploadLocation permission, and upload itself). */
  canChoose: boolean;
}

const mayChoose = (actor: Actor) => can(actor, 'chooseUploadLocation') && can(actor, 'create') && can(actor, 'upload');

/** A folder the actor can upload into; undefined when it is gone or hidden from them. */
async function usableFolder(repos: Repositories, actor: Actor, folderId: string): Promise<TFolderRow | undefined> {
  const folder = await repos.folders.findById(actor.tenantId, folderId);
  if (!folder) return undefined;
  const access = { ...folder, createdBy: folder.ownerId };
  return canView(actor, access) && canUpdate(actor, access) ? folder : undefined;
}

/**
 * Where uploads go without a folder named (the header's Upload button and drops outside a folder, API clients that
 * send no folderId): the user's chosen default while they may choose and may still upload into it, else the
 * organisation's root folder.
 */
export async function defaultUploadFolder(
  repos: Repositories,
  actor: Actor,
): Promise<{ folder: TFolderRow; chosen: boolean }> {
  if (mayChoose(actor)) {
    const user = await repos.users.findById(actor.tenantId, actor.userId);
    const chosen = user?.defaultUploadFolderId
      ? await usableFolder(repos, actor, user.defaultUploadFolderId)
      : undefined;
    if (chosen) return { folder: chosen, chosen: true };
  }
  const root = await repos.folders.findRoot(actor.tenantId);
  if (!root) throw new AppError('NOT_FOUND');
  return { folder: root, chosen: false };
}

/** The user's default upload folder (User settings → Settings): read it, choose it, or go back to the root. */
export function createUploadFolderService(deps: ServiceDeps, audit: ReturnType<typeof createAuditService>) {
  const { repos } = deps;

  async function view(actor: AuthedActor): Promise<TUploadFolder> {
    const { folder, chosen } = await defaultUploadFolder(repos, actor);
    return {
      folder: { id: folder.id, name: folder.name, isRoot: folder.parentId === null },
      chosen,
      canChoose: mayChoose(actor),
    };
  }

  return {
    get: view,

    /** `null` goes back to the organisation's root folder. */
    async set(actor: AuthedActor, folderId: string | null, meta: RequestMeta | null): Promise<TUploadFolder> {
      if (!can(actor, 'create') || !can(actor, 'upload')) throw new AppError('UPLOAD_FORBIDDEN');
      if (!mayChoose(actor)) throw new AppError('FORBIDDEN');
      let folder: TFolderRow | undefined;
      if (folderId) {
        const found = await repos.folders.findById(actor.tenantId, folderId);
        const access = found ? { ...found, createdBy: found.ownerId } : undefined;
        if (!found || !access || !canView(actor, access)) throw new AppError('NOT_FOUND');
        if (!canUpdate(actor, access)) throw new AppError('UPLOAD_FORBIDDEN');
        folder = found;
      }
      await audit.change(
        actor,
        meta,
        async (tx) => {
          const row = await tx.users.update(actor.tenantId, actor.userId, {
            defaultUploadFolderId: folder?.id ?? null,
          });
          if (!row) throw new AppError('NOT_FOUND');
        },
        () => ({
          action: 'user.uploadFolderChanged',
          targetType: 'user',
          targetId: actor.userId,
          subject: folder?.name,
          summary: folder
            ? `Uploads go to folder ${folder.name} by default`
            : 'Uploads go to the root folder by default',
          details: { folderId: folder?.id ?? null },
        }),
      );
      return view(actor);
    },
  };
}

export type UploadFolderService = ReturnType<typeof createUploadFolderService>;
