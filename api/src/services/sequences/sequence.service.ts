import {
  AppError,
  auditChanges,
  can,
  canUpdate,
  parseFrameRate,
  sourceTimecodeStartOf,
  totalClipFrames,
  type Actor,
  type TSequenceClip,
  type TSequenceClipInput,
  type TSequenceClipView,
  type TSequenceView,
} from '@mam/core';
import type { Repositories, TItemRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import { liveItemOrNotFound } from '../items/live-item';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { clipSourceOf, resolveClips } from './clip-sources';
import { targetFolderId } from './target-folder';

export interface TCreateSequenceInput {
  title: string;
  folderId?: string | null;
  clips: TSequenceClipInput[];
}

export interface TUpdateSequenceInput {
  title?: string;
  clips?: TSequenceClipInput[];
}

/** The sequence item when the actor may see it; any other item (or none) is NOT_FOUND. */
async function sequenceItemOrNotFound(repos: Repositories, actor: Actor, id: string): Promise<TItemRow> {
  const item = liveItemOrNotFound(actor, await repos.items.findById(actor.tenantId, id));
  if (item.itemType !== 'sequence') throw new AppError('NOT_FOUND');
  return item;
}

/** The clips with what the cutter, the exports and the render need to know of their sources. */
async function clipViews(repos: Repositories, tenantId: string, sequenceItemId: string): Promise<TSequenceClipView[]> {
  const rows = await repos.sequenceClips.listForSequence(tenantId, sequenceItemId);
  const sources = new Map(
    (await repos.items.findManyWithVersion(tenantId, [...new Set(rows.map((row) => row.sourceItemId))])).map(
      (found) => [found.item.id, found],
    ),
  );
  return rows.map((row, index) => {
    const found = sources.get(row.sourceItemId);
    const source = found ? clipSourceOf(found) : null;
    const frameRate = source?.frameRate ?? '25/1';
    return {
      index,
      itemId: row.sourceItemId,
      inFrame: row.inFrame,
      outFrame: row.outFrame,
      title: found?.item.title ?? '',
      frameRate,
      sourceTimecodeStart: sourceTimecodeStartOf(source?.timecodeStart ?? null, parseFrameRate(frameRate)),
      sourceFrames: source?.frames ?? row.outFrame,
    };
  });
}

/** The sequence as the cutter, the interchange exports and central render read it; NOT_FOUND when not visible. */
export async function getSequenceView(deps: ServiceDeps, actor: Actor, sequenceId: string): Promise<TSequenceView> {
  const item = await sequenceItemOrNotFound(deps.repos, actor, sequenceId);
  const clips = await clipViews(deps.repos, actor.tenantId, item.id);
  return {
    id: item.id,
    tenantId: item.tenantId,
    title: item.title,
    folderId: item.folderId,
    frameRate: clips[0]?.frameRate ?? null,
    clips,
    totalFrames: totalClipFrames(clips),
  };
}

const clipsText = (clips: readonly TSequenceClip[]) =>
  clips.map((clip) => `${clip.itemId} ${clip.inFrame}-${clip.outFrame}`);

/**
 * Sequences (spec section 1, "sequence, also called clip list"): items of type sequence whose media is a list of
 * ranges of video items. Making and changing one needs the cutter permission (create implies it); reading one follows
 * the item's access rules, as for any item.
 */
export function createSequenceService(deps: ServiceDeps, audit: AuditService) {
  const { repos } = deps;

  return {
    async create(actor: AuthedActor, input: TCreateSequenceInput, meta: RequestMeta | null): Promise<{ id: string }> {
      if (!can(actor, 'cutter')) throw new AppError('FORBIDDEN');
      const folderId = await targetFolderId(repos, actor, input.folderId);
      const clips = await resolveClips(repos, actor, input.clips);
      const title = input.title.trim();
      return audit.change(
        actor,
        meta,
        async (tx) => {
          const created = await tx.items.insert(actor.tenantId, {
            folderId,
            title,
            itemType: 'sequence',
            createdBy: actor.userId,
            ownerId: actor.userId,
          });
          await tx.sequenceClips.replace(
            actor.tenantId,
            created.id,
            clips.map((clip) => ({ sourceItemId: clip.itemId, inFrame: clip.inFrame, outFrame: clip.outFrame })),
          );
          return { id: created.id };
        },
        ({ id }) => ({
          action: 'item.sequence_created',
          targetType: 'item',
          targetId: id,
          subject: title,
          summary: `Sequence created: ${title} (${clips.length} clips)`,
          details: { folderId, clips: clipsText(clips), totalFrames: totalClipFrames(clips) },
        }),
      );
    },

    get(actor: AuthedActor, id: string): Promise<TSequenceView> {
      return getSequenceView(deps, actor, id);
    },

    async update(
      actor: AuthedActor,
      id: string,
      input: TUpdateSequenceInput,
      meta: RequestMeta | null,
    ): Promise<TSequenceView> {
      const item = await sequenceItemOrNotFound(repos, actor, id);
      if (!can(actor, 'cutter')) throw new AppError('FORBIDDEN');
      if (!canUpdate(actor, item)) throw new AppError('UPDATE_ITEM_FORBIDDEN', { params: { itemId: item.id } });
      const clips = input.clips ? await resolveClips(repos, actor, input.clips) : undefined;
      const title = input.title?.trim();
      const before = await getSequenceView(deps, actor, id);
      const changes = auditChanges(
        { title: before.title, clips: clipsText(before.clips) },
        { title: title ?? before.title, clips: clipsText(clips ?? before.clips) },
      );
      if (Object.keys(changes).length > 0) {
        await audit.change(
          actor,
          meta,
          async (tx) => {
            if (title !== undefined && title !== item.title) await tx.items.update(actor.tenantId, item.id, { title });
            if (clips) {
              await tx.sequenceClips.replace(
                actor.tenantId,
                item.id,
                clips.map((clip) => ({ sourceItemId: clip.itemId, inFrame: clip.inFrame, outFrame: clip.outFrame })),
              );
            }
          },
          () => ({
            action: 'item.sequence_changed',
            targetType: 'item',
            targetId: item.id,
            subject: title ?? item.title,
            summary: `Sequence changed: ${title ?? item.title}`,
            details: { changes },
          }),
        );
      }
      return getSequenceView(deps, actor, id);
    },
  };
}

export type SequenceService = ReturnType<typeof createSequenceService>;
