import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_SUBJECT_KEY, parseStoredPresetSettings, renderFileName, type TRenderPresetSettings } from '@mam/core';
import type { Repositories, TRenderRow } from '@mam/db';
import {
  ApplicationFailure,
  centralRenderWorkflowId,
  currentActivity,
  type CentralRenderActivities,
  type CentralRenderInput,
  type TranscodeInput,
} from '@mam/workflows';
import { MediaError } from '../media';
import { isRewrapIncompatibleError, probeRenderSource, renderSequence, type TRenderSource } from '../render';
import type { StorageResolver } from './transcode.activities';

export interface CentralRenderActivityDeps {
  repos: Repositories;
  storages: StorageResolver;
  /** Where the transcode takes finished uploads from: the rendered file is handed over as one. */
  uploadsDir: string;
  /** Scratch space for the sources' local copies and the render; cleaned up after each attempt. */
  workDir: string;
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

interface TPresetChoice {
  name: string;
  settings: TRenderPresetSettings;
  startTimecode: string;
  fallbackPresetId: string | null;
}

function businessFailure(message: string, type: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

export function createCentralRenderActivities(deps: CentralRenderActivityDeps): CentralRenderActivities {
  const { repos } = deps;

  async function loadRender(input: CentralRenderInput): Promise<TRenderRow> {
    const row = await repos.renders.findById(input.tenantId, input.renderId);
    if (!row) throw businessFailure('The render no longer exists.', 'RenderGone');
    return row;
  }

  async function loadPreset(tenantId: string, presetId: string): Promise<TPresetChoice> {
    const row = await repos.renderPresets.findById(tenantId, presetId);
    const settings = row ? parseStoredPresetSettings(row.settings) : null;
    if (!row || !settings) throw businessFailure('The render preset no longer exists.', 'PresetGone');
    return { name: row.name, settings, startTimecode: row.startTimecode, fallbackPresetId: row.fallbackPresetId };
  }

  /** The sequence's clips as the render engine takes them, each source fetched and probed once. */
  async function withSources<T>(render: TRenderRow, run: (sources: TRenderSource[]) => Promise<T>): Promise<T> {
    const clips = await repos.sequenceClips.listForSequence(render.tenantId, render.sequenceItemId);
    if (clips.length === 0) throw businessFailure('The sequence has no clips.', 'EmptySequence');
    const ids = [...new Set(clips.map((clip) => clip.sourceItemId))];
    const found = new Map((await repos.items.findManyWithVersion(render.tenantId, ids)).map((f) => [f.item.id, f]));
    const cleanups: Array<() => Promise<void>> = [];
    try {
      const local = new Map<string, Omit<TRenderSource, 'inFrame' | 'outFrame'>>();
      for (const id of ids) {
        const version = found.get(id)?.version;
        if (!version?.storageId || !version.originalKey) {
          throw businessFailure(`The media of clip source ${id} is not stored.`, 'SourceMissing');
        }
        const storage = await deps.storages.resolve(render.tenantId, version.storageId);
        const file = await storage.toLocalFile(version.originalKey, deps.workDir);
        cleanups.push(file.cleanup);
        local.set(id, { path: file.path, facts: await probeRenderSource(file.path) });
      }
      return await run(
        clips.map((clip) => ({ ...local.get(clip.sourceItemId)!, inFrame: clip.inFrame, outFrame: clip.outFrame })),
      );
    } finally {
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    }
  }

  /** Progress onto the render row, the placeholder's version (lists show it) and the heartbeat; at most once a second. */
  function progressReporter(render: TRenderRow) {
    let lastWrite = 0;
    return async (percent: number) => {
      currentActivity().heartbeat({ step: 'render', percent });
      const now = Date.now();
      if (now - lastWrite < 1000) return;
      lastWrite = now;
      const progress = Math.max(0, Math.min(100, percent));
      await repos.renders.update(render.tenantId, render.id, { state: 'rendering', progress: progress / 100 });
      const version = await repos.items.findVersion(render.tenantId, render.placeholderVersionId);
      if (!version) return;
      await repos.items.updateVersion(render.tenantId, version.id, {
        transcoding: { ...version.transcoding, state: 'PROGRESSING', error: null, progress, step: 'render' },
      });
    };
  }

  /** Renders with the preset; a rewrap the sources do not suit renders with its fallback instead. */
  async function renderFile(render: TRenderRow, outBase: string): Promise<{ file: string; preset: TPresetChoice }> {
    const report = progressReporter(render);
    const onProgress = (percent: number) => {
      report(percent).catch((error: unknown) => deps.logger.warn({ err: error }, 'render progress not recorded'));
    };
    const signal = currentActivity().signal;
    return withSources(render, async (sources) => {
      let preset = await loadPreset(render.tenantId, render.presetId);
      for (;;) {
        const file = `${outBase}.${renderFileName('', preset.settings).split('.').pop()}`;
        const startTimecode = render.startTimecode ?? preset.startTimecode;
        const plan = { sources, settings: preset.settings, startTimecode, outputPath: file };
        try {
          await renderSequence(plan, { onProgress, signal });
          return { file, preset };
        } catch (error) {
          await rm(file, { force: true });
          if (isRewrapIncompatibleError(error) && preset.fallbackPresetId) {
            deps.logger.info({ renderId: render.id, reason: error.message }, 'rewrap refused; rendering the fallback');
            preset = await loadPreset(render.tenantId, preset.fallbackPresetId);
            continue;
          }
          if (error instanceof MediaError) throw businessFailure(error.message, 'MediaError');
          throw error;
        }
      }
    });
  }

  /** The transcode's activity-monitor row for the placeholder's version, as starting a transcode makes it. */
  async function transcodeOperation(render: TRenderRow, title: string): Promise<string> {
    const existing = await repos.operations.findByVersion(render.tenantId, render.placeholderVersionId, 'transcode');
    if (existing) return existing.id;
    const created = await repos.operations.insert(render.tenantId, {
      userId: render.requestedBy,
      kind: 'transcode',
      status: 'queued',
      itemId: render.placeholderItemId,
      versionId: render.placeholderVersionId,
      title,
      workflowId: centralRenderWorkflowId(render.tenantId, render.id),
    });
    return created.id;
  }

  /** The system's own audit entry on the placeholder, named by its title as it is now. */
  async function recordRenderEvent(render: TRenderRow, action: string, summary: string) {
    const placeholder = await repos.items.findById(render.tenantId, render.placeholderItemId);
    await repos.auditEvents.record(render.tenantId, {
      actorUserId: null,
      actorEmail: null,
      action,
      targetType: 'item',
      targetId: render.placeholderItemId,
      summary,
      details: {
        renderId: render.id,
        sequenceId: render.sequenceItemId,
        presetName: render.presetName,
        ...(placeholder ? { [AUDIT_SUBJECT_KEY]: placeholder.title } : {}),
      },
    });
  }

  return {
    async renderSequenceIntoPlaceholder(input): Promise<TranscodeInput> {
      const render = await loadRender(input);
      const version = await repos.items.findVersion(input.tenantId, render.placeholderVersionId);
      const placeholder = await repos.items.findById(input.tenantId, render.placeholderItemId);
      if (!version || !placeholder) throw businessFailure('The placeholder no longer exists.', 'PlaceholderGone');
      // An attempt that handed the file over and died before answering: the hand-over stands.
      if (version.upload.state !== 'COMPLETE') {
        await repos.renders.update(input.tenantId, render.id, { state: 'rendering' });
        await mkdir(deps.workDir, { recursive: true });
        await mkdir(deps.uploadsDir, { recursive: true });
        const { file, preset } = await renderFile(render, path.join(deps.workDir, `render-${render.id}`));
        const handedOver = path.join(deps.uploadsDir, version.uploadId ?? version.id);
        try {
          await rename(file, handedOver).catch(async (error: NodeJS.ErrnoException) => {
            if (error.code !== 'EXDEV') throw error;
            await copyFile(file, handedOver);
          });
        } finally {
          await rm(file, { force: true });
        }
        const size = (await stat(handedOver)).size;
        await repos.items.updateVersion(input.tenantId, version.id, {
          fileName: renderFileName(placeholder.title, preset.settings),
          fileSize: size,
          upload: { state: 'COMPLETE', receivedBytes: size, totalBytes: size, error: null },
        });
      }
      const operationId = await transcodeOperation(render, placeholder.title);
      await repos.renders.update(input.tenantId, render.id, { state: 'processing', progress: 1 });
      return { tenantId: input.tenantId, itemId: render.placeholderItemId, versionId: version.id, operationId };
    },

    async completeRender(input) {
      const render = await repos.renders.update(input.tenantId, input.renderId, {
        state: 'done',
        progress: 1,
        error: null,
        finishedAt: new Date(),
      });
      if (!render) return;
      await recordRenderEvent(render, 'item.render_completed', `Central render finished: ${render.presetName}`);
    },

    async failRender(input) {
      const render = await repos.renders.update(input.tenantId, input.renderId, {
        state: 'failed',
        error: input.message,
        finishedAt: new Date(),
      });
      if (!render) return;
      const version = await repos.items.findVersion(input.tenantId, render.placeholderVersionId);
      // The transcode records its own failure; a render that failed before it marks the placeholder itself.
      if (version && version.transcoding.state !== 'ERROR') {
        await repos.items.updateVersion(input.tenantId, version.id, {
          transcoding: { ...version.transcoding, state: 'ERROR', error: input.message, step: null },
        });
      }
      await recordRenderEvent(render, 'item.render_failed', `Central render failed: ${input.message}`);
    },
  };
}
