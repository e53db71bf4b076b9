import { AppError, can, crashRecordingName, initiatedProcess, isAdmin, safeFileName, isUuid } from '@mam/core';
import {
  CRASH_RECORDING_TASK_QUEUE,
  crashRecordingStateQuery,
  crashRecordingWorkflowId,
  stopCrashRecordingSignal,
  switchCrashRecordingSignal,
  type TCrashRecordingInput,
} from '@mam/workflows';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { NotificationService } from '../notification.service';
import { currentRequestId } from '../request-context';
import type { RequestMeta, ServiceDeps } from '../service-deps';
import { targetFolderId } from '../sequences/target-folder';
import type { TenantConfigService } from '../tenant-config.service';
import type { LiveSourceMonitor } from './live-source-monitor.service';
import type { LiveSourceService } from './live-source.service';

/** Why a recording cannot start: the reason beside 'Cannot create crash recording now'. */
export type TCrashRecordingRefusal =
  'already_recording' | 'source_offline' | 'source_busy' | 'storage_full' | 'no_engine';

/** A recording as the sources list shows it: which item it goes into and which source it records now. */
export interface TCrashRecordingView {
  itemId: string;
  /** The source whose recording this is (it began there; a switch keeps it). */
  originSourceId: string;
  /** The source the recorder takes the picture from now. */
  recordingSourceId: string;
  startedAt: string;
}

/** An upload location a recording's high res can be rendered to. */
export interface TRenderLocation {
  id: string;
  name: string;
  kind: string;
  isDefault: boolean;
}

const RECENT_STATE_MS = 30_000;

function refused(reason: TCrashRecordingRefusal): AppError {
  return new AppError('CRASH_RECORDING_UNAVAILABLE', { params: { reason } });
}

/**
 * Crash recording (spec sections 1, 4, 6): a user with liveRecording starts a recording of a source into a new live
 * item, stops it, or switches it to another source. The crashRecordingWorkflow does the recording; one runs per
 * source at a time (its business key), and this service answers from the engine which ones run.
 */
export function createCrashRecordingService(
  deps: ServiceDeps,
  audit: AuditService,
  sources: LiveSourceService,
  monitor: LiveSourceMonitor,
  tenantConfig: TenantConfigService,
  notifications: Pick<NotificationService, 'liveRecordingChanged'>,
  /** Frees a source's socket held by a preview in this process before a recorder (maybe in another) binds it. */
  releasePreview: (tenantId: string, sourceId: string) => Promise<void> = async () => undefined,
) {
  const { repos } = deps;

  /** Tells whoever started the recording (its item's creator) that someone else stopped or switched it. */
  async function tellStarter(
    actor: AuthedActor,
    recording: TCrashRecordingView,
    change: { event: 'stopped' | 'switched'; source: string; target?: string },
  ): Promise<void> {
    const item = await repos.items.findById(actor.tenantId, recording.itemId);
    if (!item?.createdBy) return;
    await notifications
      .liveRecordingChanged(actor.tenantId, {
        starterId: item.createdBy,
        actorId: actor.userId,
        itemId: recording.itemId,
        ...change,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'crash recording notification not sent'));
  }

  function engine() {
    if (!deps.workflows) throw refused('no_engine');
    return deps.workflows;
  }

  function assertMayRecord(actor: AuthedActor) {
    if (!isAdmin(actor) && !can(actor, 'liveRecording')) {
      throw new AppError('FORBIDDEN', { params: { permission: 'liveRecording' } });
    }
  }

  /** The recording that began on this source, while it runs. */
  async function recordingOf(tenantId: string, sourceId: string): Promise<TCrashRecordingView | null> {
    if (!deps.workflows) return null;
    const workflowId = crashRecordingWorkflowId(tenantId, sourceId);
    const run = await deps.workflows.describe(workflowId).catch(() => null);
    if (run?.status !== 'RUNNING') return null;
    const state = await deps.workflows.query(workflowId, crashRecordingStateQuery).catch(() => null);
    if (!state?.itemId) return null;
    return {
      itemId: state.itemId,
      originSourceId: sourceId,
      recordingSourceId: state.sourceId,
      startedAt: run.startedAt.toISOString(),
    };
  }

  /** Every running recording of the tenant's sources, by the source whose picture it records now. */
  async function recordingsBySource(tenantId: string): Promise<Map<string, TCrashRecordingView>> {
    const all = await repos.liveSources.list(tenantId);
    const found = await Promise.all(all.map((source) => recordingOf(tenantId, source.id)));
    const bySource = new Map<string, TCrashRecordingView>();
    for (const recording of found) if (recording) bySource.set(recording.recordingSourceId, recording);
    return bySource;
  }

  /** Another tenant's location, an unknown one and one that takes no uploads are refused alike. */
  async function renderLocationOf(actor: AuthedActor, id: string): Promise<string> {
    const row = isUuid(id) ? await repos.storageLocations.findById(actor.tenantId, id) : undefined;
    if (!row?.types.includes('upload')) throw new AppError('CRASH_RECORDING_LOCATION_INVALID');
    return row.id;
  }

  async function runningOrFail(actor: AuthedActor, sourceId: string): Promise<TCrashRecordingView> {
    const recording = await recordingOf(actor.tenantId, sourceId);
    if (!recording) throw new AppError('CRASH_RECORDING_NOT_RUNNING');
    return recording;
  }

  /** The running recording of each source (origin or switched-to), by source id. */
  async function withRecordings<T extends { id: string }>(tenantId: string, views: T[]) {
    const recordings = await recordingsBySource(tenantId);
    return views.map((view) => ({ ...view, recording: recordings.get(view.id) ?? null }));
  }

  return {
    recordingOf,
    recordingsBySource,

    /** The sources as `liveSources.list` gives them, each with the recording that records it now. */
    async listSources(actor: AuthedActor) {
      return withRecordings(actor.tenantId, await sources.list(actor));
    },

    async viewSource(actor: AuthedActor, id: string) {
      const [view] = await withRecordings(actor.tenantId, [await sources.view(actor, id)]);
      return view!;
    },

    /** Where a recording's high res may be rendered to (spec: cloud render location): the upload locations. */
    async renderLocations(actor: AuthedActor): Promise<TRenderLocation[]> {
      assertMayRecord(actor);
      const rows = await repos.storageLocations.list(actor.tenantId);
      const fallback = await repos.storageLocations.findDefault(actor.tenantId, 'upload');
      return rows
        .filter((row) => row.types.includes('upload'))
        .map((row) => ({ id: row.id, name: row.name, kind: row.kind, isDefault: row.id === fallback?.id }));
    },

    /** `renderLocationId`: the upload location the joined high res goes to; the organisation's default when absent. */
    async start(
      actor: AuthedActor,
      sourceId: string,
      meta: RequestMeta | null,
      options: { renderLocationId?: string | null } = {},
    ): Promise<{ itemId: string }> {
      assertMayRecord(actor);
      if (!can(actor, 'create')) throw new AppError('UPLOAD_FORBIDDEN');
      const source = await sources.get(actor.tenantId, sourceId);
      const chosen = options.renderLocationId ?? source.pipeline.renderLocationId;
      const storageId = chosen ? await renderLocationOf(actor, chosen) : null;
      if ((await recordingsBySource(actor.tenantId)).has(sourceId)) throw refused('already_recording');
      // A state the sources page saw moments ago will do: a new probe would hold the start for seconds.
      const status = await monitor.status(actor, sourceId, { maxAgeMs: RECENT_STATE_MS });
      if (status.state === 'recording') throw refused('source_busy');
      if (status.state !== 'ready') throw refused('source_offline');
      const config = await tenantConfig.current(actor.tenantId);
      // A recording grows without a known end: one that cannot store a byte is not started.
      if (config.storageQuotaBytes !== null) {
        if ((await repos.items.storedBytes(actor.tenantId)) >= config.storageQuotaBytes) throw refused('storage_full');
      }
      const title = crashRecordingName(config.crashRecordingNamePattern, {
        source: source.name,
        at: new Date(),
        timeZone: config.timezone,
      });
      const folderId = await targetFolderId(repos, actor, source.folderId);
      const created = await audit.change(
        actor,
        meta,
        async (tx) =>
          tx.items.insertWithVersion(
            actor.tenantId,
            { folderId, title, itemType: 'live', createdBy: actor.userId, ownerId: actor.userId },
            {
              fileName: safeFileName(title, 'ts', 'recording'),
              // Chosen now, used when the stop hands the joined file to processing (which stores it there).
              storageId,
              upload: { state: 'PROGRESSING', receivedBytes: 0, totalBytes: null, error: null },
              transcoding: initiatedProcess(),
              createdBy: actor.userId,
            },
          ),
        (made) => ({
          action: 'live_source.crash_recording_started',
          targetType: 'item',
          targetId: made.item.id,
          subject: title,
          summary: `Crash recording of ${source.name} started`,
          details: { sourceId, sourceName: source.name },
        }),
      );
      await releasePreview(actor.tenantId, sourceId);
      const input: TCrashRecordingInput = {
        tenantId: actor.tenantId,
        sourceId,
        userId: actor.userId,
        itemId: created.item.id,
        versionId: created.version.id,
        ...(status.input?.videoCodec
          ? { startCodecs: { sourceId, video: status.input.videoCodec, audio: status.input.audioCodec } }
          : {}),
      };
      try {
        await engine().start('crashRecordingWorkflow', {
          workflowId: crashRecordingWorkflowId(actor.tenantId, sourceId),
          taskQueue: CRASH_RECORDING_TASK_QUEUE,
          args: [input],
          tenantId: actor.tenantId,
          itemId: created.item.id,
          requestId: currentRequestId(),
        });
      } catch (error) {
        // Started by someone else a moment ago: this request's item goes, theirs records.
        await repos.items.hardDelete(actor.tenantId, created.item.id).catch(() => undefined);
        deps.logger.warn({ sourceId, error: (error as Error).message }, 'crash recording did not start');
        throw refused('already_recording');
      }
      return { itemId: created.item.id };
    },

    /** Stops the recording that records `sourceId` now (begun there, or switched to it). */
    async stop(actor: AuthedActor, sourceId: string, meta: RequestMeta | null): Promise<{ itemId: string }> {
      assertMayRecord(actor);
      const source = await sources.get(actor.tenantId, sourceId);
      const recording =
        (await recordingsBySource(actor.tenantId)).get(sourceId) ?? (await runningOrFail(actor, sourceId));
      await engine().signal(
        crashRecordingWorkflowId(actor.tenantId, recording.originSourceId),
        stopCrashRecordingSignal,
      );
      await audit.record(actor.tenantId, actor, meta, {
        action: 'live_source.crash_recording_stopped',
        targetType: 'item',
        targetId: recording.itemId,
        subject: source.name,
        summary: `Crash recording of ${source.name} stopped`,
        details: { sourceId },
      });
      await tellStarter(actor, recording, { event: 'stopped', source: source.name });
      return { itemId: recording.itemId };
    },

    /** Moves the recording that records `sourceId` now to `targetId`, continuing the same item. */
    async switch(
      actor: AuthedActor,
      sourceId: string,
      targetId: string,
      meta: RequestMeta | null,
    ): Promise<{ itemId: string }> {
      assertMayRecord(actor);
      const source = await sources.get(actor.tenantId, sourceId);
      const target = await sources.get(actor.tenantId, targetId);
      const recordings = await recordingsBySource(actor.tenantId);
      const recording = recordings.get(sourceId) ?? (await runningOrFail(actor, sourceId));
      if (targetId === recording.recordingSourceId) return { itemId: recording.itemId };
      if (recordings.has(targetId)) throw refused('source_busy');
      await releasePreview(actor.tenantId, targetId);
      await engine().signal(
        crashRecordingWorkflowId(actor.tenantId, recording.originSourceId),
        switchCrashRecordingSignal,
        { sourceId: targetId },
      );
      await audit.record(actor.tenantId, actor, meta, {
        action: 'live_source.crash_recording_switched',
        targetType: 'item',
        targetId: recording.itemId,
        subject: source.name,
        summary: `Crash recording switched from ${source.name} to ${target.name}`,
        details: { fromSourceId: sourceId, toSourceId: targetId },
      });
      await tellStarter(actor, recording, { event: 'switched', source: source.name, target: target.name });
      return { itemId: recording.itemId };
    },
  };
}

export type CrashRecordingService = ReturnType<typeof createCrashRecordingService>;
