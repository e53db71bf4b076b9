import { AppError, can, canUpdate, type Actor } from '@mam/core';
import type { Repositories, TItemRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import { liveFoundOrNotFound } from '../items/live-item';
import { toItemView, type TItemView } from '../items/item-view';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { resolveClips } from './clip-sources';
import { itemExtras } from './item-extras';

export interface TCreateVirtualClipInput {
  title: string;
  inFrame: number;
  outFrame: number;
}

/** The virtual clip or subclip permission (spec section 6): either lets a user mark a range as an item. */
const mayClip = (actor: Actor) => can(actor, 'virtualClip') || can(actor, 'subclip');

/** The folder a new virtual clip goes to: its source's, when the actor may add items there; else NOT_FOUND. */
async function sourceFolderOrRefuse(repos: Repositories, actor: Actor, source: TItemRow): Promise<string | null> {
  if (!source.folderId) return null;
  const folder = await repos.folders.findById(actor.tenantId, source.folderId);
  if (!folder) return null;
  if (!canUpdate(actor, { ...folder, createdBy: folder.ownerId })) throw new AppError('FOLDER_UPDATE_FORBIDDEN');
  return folder.id;
}

/**
 * Virtual clips: a marked range of a video item saved as an item of its own without copying media. The item leads
 * with its source's version, so it plays, shows and is shared from the source's renditions under its own id and its
 * own access rules; virtual_clip holds the range, which players keep to. A range of a virtual clip is a range of its
 * source.
 */
export function createVirtualClipService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  return {
    async create(
      actor: AuthedActor,
      itemId: string,
      input: TCreateVirtualClipInput,
      meta: RequestMeta | null,
    ): Promise<TItemView> {
      const marked = liveFoundOrNotFound(actor, await repos.items.findWithVersion(actor.tenantId, itemId));
      if (!mayClip(actor)) throw new AppError('FORBIDDEN');
      const [range] = await resolveClips(repos, actor, [{ itemId, inFrame: input.inFrame, outFrame: input.outFrame }]);
      const source =
        range!.itemId === itemId ? marked : await repos.items.findWithVersion(actor.tenantId, range!.itemId);
      if (!source?.version) throw new AppError('NOT_FOUND');
      const folderId = await sourceFolderOrRefuse(repos, actor, source.item);
      const title = input.title.trim();
      const created = await audit.change(
        actor,
        meta,
        async (tx) => {
          const row = await tx.items.insert(actor.tenantId, {
            folderId,
            title,
            itemType: 'video',
            createdBy: actor.userId,
            ownerId: actor.userId,
            leadingVersionId: source.version!.id,
            processingState: source.item.processingState,
          });
          await tx.virtualClips.insert(actor.tenantId, {
            itemId: row.id,
            sourceItemId: source.item.id,
            inFrame: range!.inFrame,
            outFrame: range!.outFrame,
          });
          return row;
        },
        (row) => ({
          action: 'item.virtual_clip_created',
          targetType: 'item',
          targetId: row.id,
          subject: title,
          summary: `Virtual clip created: ${title} from ${source.item.title}`,
          details: { sourceItemId: source.item.id, inFrame: range!.inFrame, outFrame: range!.outFrame },
        }),
      );
      const view = toItemView({ item: created, version: source.version }, actor);
      return { ...view, ...(await itemExtras(deps, actor, view)) };
    },
  };
}

export type VirtualClipService = ReturnType<typeof createVirtualClipService>;

/** Spec section 8: a virtual clip takes no version of its own. */
export async function refuseVersioningVirtualClip(repos: Repositories, tenantId: string, itemId: string) {
  if (await repos.virtualClips.findByItemId(tenantId, itemId)) throw new AppError('VERSIONING_VIRTUAL_CLIPS');
}
