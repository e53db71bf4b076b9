import { AppError, can, canView, initiatedProcess, isAdmin, renderFileName } from '@mam/core';
import type { TRenderRow } from '@mam/db';
import { CENTRAL_RENDER_TASK_QUEUE, centralRenderWorkflowId, type CentralRenderInput } from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import { currentRequestId } from '../request-context';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { getSequenceView } from '../sequences/sequence.service';
import { targetFolderId } from '../sequences/target-folder';
import type { RenderPresetService } from './render-preset.service';
import { RUNNING_RENDER_STATES, toRenderView, type TRenderView } from './central-render.view';

export interface TStartedRender {
  renderId: string;
  placeholderItemId: string;
}

/** Why the run could not be cancelled, in the engine's words (the message of 'Error cancelling central render'). */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Central render (spec section 4): a sequence rendered with a preset into a placeholder item that exists from the
 * start, by the centralRenderWorkflow; the placeholder is then processed as an upload is.
 */
export function createCentralRenderService(deps: ServiceDeps, audit: AuditService, presets: RenderPresetService) {
  const { repos } = deps;

  function engine() {
    if (!deps.workflows) throw new Error('No workflow engine runs in this process');
    return deps.workflows;
  }

  /** The render when the actor may see its sequence; an unknown, other tenant's or hidden one is not found. */
  async function visibleRender(actor: AuthedActor, renderId: string): Promise<TRenderRow> {
    const row = await repos.renders.findById(actor.tenantId, renderId);
    const sequence = row ? await repos.items.findById(actor.tenantId, row.sequenceItemId) : undefined;
    if (!row || !sequence || !canView(actor, sequence)) throw new AppError('CENTRAL_RENDER_NOT_FOUND');
    return row;
  }

  async function presetFor(tenantId: string, presetId: string | undefined) {
    try {
      return await presets.forRender(tenantId, presetId);
    } catch (error) {
      // A preset named in the request that does not exist is bad input, not a missing resource.
      if (error instanceof AppError && error.code === 'RENDER_PRESET_NOT_FOUND') {
        throw new AppError('RENDER_PRESET_UNKNOWN', { params: { presetId: presetId ?? '' } });
      }
      throw error;
    }
  }

  return {
    async start(
      actor: AuthedActor,
      sequenceId: string,
      presetId: string | undefined,
      meta: RequestMeta | null,
      /** The output's first timecode instead of the preset's, where the preset lets a render choose it. */
      options: { startTimecode?: string | null } = {},
    ): Promise<TStartedRender> {
      const sequence = await getSequenceView(deps, actor, sequenceId);
      if (!can(actor, 'exportSequence')) throw new AppError('FORBIDDEN', { params: { permission: 'exportSequence' } });
      if (!can(actor, 'create') || !can(actor, 'upload')) throw new AppError('UPLOAD_FORBIDDEN');
      if (sequence.clips.length === 0) throw new AppError('SEQUENCE_EMPTY');
      const folderId = await targetFolderId(repos, actor, sequence.folderId);
      const preset = await presetFor(actor.tenantId, presetId);
      const startTimecode = options.startTimecode ?? null;
      if (startTimecode !== null && !preset.overrideStartTimecode) throw new AppError('RENDER_START_TIMECODE_FIXED');
      const title = sequence.title;
      const started = await audit.change(
        actor,
        meta,
        async (tx) => {
          const placeholder = await tx.items.insertWithVersion(
            actor.tenantId,
            { folderId, title, itemType: 'placeholder', createdBy: actor.userId, ownerId: actor.userId },
            {
              fileName: renderFileName(title, preset.settings),
              upload: { state: 'PROGRESSING', receivedBytes: 0, totalBytes: null, error: null },
              transcoding: initiatedProcess(),
              createdBy: actor.userId,
            },
          );
          const render = await tx.renders.insert(actor.tenantId, {
            sequenceItemId: sequence.id,
            placeholderItemId: placeholder.item.id,
            placeholderVersionId: placeholder.version.id,
            presetId: preset.id,
            presetName: preset.name,
            startTimecode,
            requestedBy: actor.userId,
          });
          return { renderId: render.id, placeholderItemId: placeholder.item.id };
        },
        (created) => ({
          action: 'item.render_started',
          targetType: 'item',
          targetId: created.placeholderItemId,
          subject: title,
          summary: `Central render of ${title} started with preset ${preset.name}`,
          details: {
            renderId: created.renderId,
            sequenceId: sequence.id,
            presetId: preset.id,
            ...(startTimecode ? { startTimecode } : {}),
          },
        }),
      );
      const input: CentralRenderInput = { tenantId: actor.tenantId, renderId: started.renderId };
      try {
        await engine().start('centralRenderWorkflow', {
          workflowId: centralRenderWorkflowId(actor.tenantId, started.renderId),
          taskQueue: CENTRAL_RENDER_TASK_QUEUE,
          args: [input],
          tenantId: actor.tenantId,
          itemId: started.placeholderItemId,
          requestId: currentRequestId(),
        });
      } catch (error) {
        await repos.renders.update(actor.tenantId, started.renderId, {
          state: 'failed',
          error: reasonOf(error),
          finishedAt: deps.clock(),
        });
        throw error;
      }
      return started;
    },

    async get(actor: AuthedActor, renderId: string): Promise<TRenderView> {
      return toRenderView(await visibleRender(actor, renderId));
    },

    /** Newest first. */
    async listForSequence(actor: AuthedActor, sequenceId: string): Promise<TRenderView[]> {
      const sequence = await getSequenceView(deps, actor, sequenceId);
      return (await repos.renders.listForSequence(actor.tenantId, sequence.id)).map(toRenderView);
    },

    /**
     * Cancels the run (its ffmpeg is killed through the activity's abort signal) and marks the render and its
     * placeholder cancelled. The requester, holders of the placeholder permission and administrators may.
     */
    async cancel(actor: AuthedActor, renderId: string, meta: RequestMeta | null): Promise<{ ok: true }> {
      const row = await visibleRender(actor, renderId);
      if (row.requestedBy !== actor.userId && !isAdmin(actor) && !can(actor, 'placeholder')) {
        throw new AppError('FORBIDDEN', { params: { permission: 'placeholder' } });
      }
      if (!RUNNING_RENDER_STATES.includes(row.state)) throw new AppError('CENTRAL_RENDER_NOT_FOUND');
      try {
        await engine().cancel(centralRenderWorkflowId(row.tenantId, row.id));
      } catch (error) {
        throw new AppError('CENTRAL_RENDER_CANCEL_FAILED', { params: { reason: reasonOf(error) } });
      }
      const message = 'Central render cancelled';
      await audit.change(
        actor,
        meta,
        async (tx) => {
          const cancelled = await tx.renders.update(actor.tenantId, row.id, {
            state: 'cancelled',
            error: message,
            finishedAt: deps.clock(),
          });
          // Finished between the check and the cancel: nothing left to cancel.
          if (!cancelled) throw new AppError('CENTRAL_RENDER_NOT_FOUND');
          const version = await tx.items.findVersion(actor.tenantId, row.placeholderVersionId);
          if (version) {
            await tx.items.updateVersion(actor.tenantId, version.id, {
              transcoding: { ...version.transcoding, state: 'ERROR', error: message, step: null },
            });
          }
          const operation = await tx.operations.findByVersion(actor.tenantId, row.placeholderVersionId, 'transcode');
          if (operation && ['pending', 'queued', 'in_progress'].includes(operation.status)) {
            await tx.operations.update(actor.tenantId, operation.id, { status: 'cancelled', error: message });
          }
        },
        () => ({
          action: 'item.render_cancelled',
          targetType: 'item',
          targetId: row.placeholderItemId,
          subject: row.presetName,
          summary: `Central render cancelled (${row.presetName})`,
          details: { renderId: row.id, sequenceId: row.sequenceItemId },
        }),
      );
      return { ok: true };
    },

    /** The rendered file: 'Cannot download sequence' until the render is done and its file stored. */
    async download(actor: AuthedActor, renderId: string) {
      const row = await visibleRender(actor, renderId);
      if (!can(actor, 'downloadMedia')) throw new AppError('FORBIDDEN', { params: { permission: 'downloadMedia' } });
      const version = await repos.items.findVersion(actor.tenantId, row.placeholderVersionId);
      if (row.state !== 'done' || !version?.storageId || !version.originalKey) {
        throw new AppError('SEQUENCE_DOWNLOAD_FAILED');
      }
      return { storageId: version.storageId, key: version.originalKey, fileName: version.fileName };
    },
  };
}

export type CentralRenderService = ReturnType<typeof createCentralRenderService>;
