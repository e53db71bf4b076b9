import {
  AppError,
  assertCan,
  assertLivePreset,
  auditChanges,
  bindKeyOf,
  can,
  formatErrorMessage,
  ingestUrlFor,
  isAdmin,
  isPulled,
  parseLiveSourceInput,
  parseStoredPresetSettings,
  type TLiveSource,
  type TLiveSourceCredentials,
  type TLiveSourceMode,
  type TLiveSourcePipeline,
  type TLiveSourceType,
  type TRenderPresetCapability,
} from '@mam/core';
import type { TLiveSourceConflict, TLiveSourceRow } from '@mam/db';
import { crashRecordingWorkflowId } from '@mam/workflows';
import { LiveNetworks, permittedLiveAddress } from '@mam/workers';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/** A source as administrators and recording users see it: which secrets are set, never their values. */
export interface TLiveSourceView {
  id: string;
  name: string;
  type: TLiveSourceType;
  mode: TLiveSourceMode;
  location: string;
  cidr: string[];
  credentialsSet: Record<keyof TLiveSourceCredentials, boolean>;
  pipeline: TLiveSourcePipeline;
  folderId: string | null;
  /** Push and listener sources: where encoders send the feed (the stream key or passphrase is added by them). */
  ingestUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

function saved<T>(result: T | TLiveSourceConflict | undefined): T {
  if (result === 'name-taken') throw new AppError('LIVE_SOURCE_NAME_TAKEN');
  if (result === 'address-taken') throw new AppError('LIVE_SOURCE_ADDRESS_TAKEN');
  if (result === undefined) throw new AppError('LIVE_SOURCE_NOT_FOUND');
  return result;
}

/** The fields an audit event compares (secrets only as set or not). */
function audited(view: TLiveSourceView) {
  return {
    name: view.name,
    type: view.type,
    mode: view.mode,
    location: view.location,
    cidr: view.cidr.join(', '),
    credentials: Object.entries(view.credentialsSet)
      .filter(([, set]) => set)
      .map(([key]) => key)
      .join(', '),
    highRes: view.pipeline.highRes === 'copy' ? 'copy' : view.pipeline.highRes.presetId,
    folderId: view.folderId,
  };
}

/**
 * Live sources (issue 25): tenant administrators manage them, users with liveRecording see them to record. The
 * recorder and the probe take a source with its credentials opened through `get`.
 */
export function createLiveSourceService(deps: ServiceDeps, audit: AuditService) {
  const { repos, secretBox } = deps;
  const networks = deps.config.liveSourceNetworks ?? new LiveNetworks([]);
  const publicHost = new URL(deps.config.publicUrl).hostname;

  function credentialsOf(row: Pick<TLiveSourceRow, 'encryptedCredentials'>): TLiveSourceCredentials {
    return row.encryptedCredentials
      ? (JSON.parse(secretBox.open(row.encryptedCredentials)) as TLiveSourceCredentials)
      : {};
  }

  function sourceOf(row: TLiveSourceRow): TLiveSource {
    return {
      id: row.id,
      tenantId: row.tenantId,
      name: row.name,
      type: row.type,
      mode: row.mode,
      location: row.location,
      cidr: row.cidr,
      credentials: credentialsOf(row),
      pipeline: row.pipeline,
      folderId: row.folderId,
    };
  }

  function viewOf(row: TLiveSourceRow): TLiveSourceView {
    const credentials = credentialsOf(row);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      mode: row.mode,
      location: row.location,
      cidr: row.cidr,
      credentialsSet: {
        passphrase: Boolean(credentials.passphrase),
        streamKey: Boolean(credentials.streamKey),
        username: Boolean(credentials.username),
        password: Boolean(credentials.password),
      },
      pipeline: row.pipeline,
      folderId: row.folderId,
      ingestUrl: ingestUrlFor(row, publicHost),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function assertCanSee(actor: AuthedActor) {
    if (!isAdmin(actor) && !can(actor, 'liveRecording')) throw new AppError('FORBIDDEN');
  }

  async function rowFor(tenantId: string, id: string): Promise<TLiveSourceRow> {
    const row = await repos.liveSources.findById(tenantId, id);
    if (!row) throw new AppError('LIVE_SOURCE_NOT_FOUND');
    return row;
  }

  /** Validates the input and everything it refers to; the values to store. */
  async function normalize(tenantId: string, input: unknown, previous: TLiveSourceRow | null) {
    const draft = parseLiveSourceInput(input, previous ? credentialsOf(previous) : null);
    if (isPulled(draft.mode) && !(await permittedLiveAddress(new URL(draft.location).hostname, networks))) {
      throw new AppError('LIVE_SOURCE_ADDRESS_PRIVATE', {
        issues: [
          {
            path: 'location',
            code: 'LIVE_SOURCE_ADDRESS_PRIVATE',
            message: 'This address cannot be reached from the server.',
          },
        ],
      });
    }
    const { highRes } = draft.pipeline;
    if (highRes !== 'copy') {
      const preset = await repos.renderPresets.findById(tenantId, highRes.presetId);
      // A stored preset that no longer parses is left out everywhere, as if it were gone.
      const settings = preset ? parseStoredPresetSettings(preset.settings) : null;
      if (!preset || !settings) {
        throw new AppError('RENDER_PRESET_NOT_FOUND', {
          issues: [
            {
              path: 'pipeline.highRes.presetId',
              code: 'RENDER_PRESET_NOT_FOUND',
              message: 'The render preset was not found.',
            },
          ],
        });
      }
      assertLivePreset({ name: preset.name, capabilities: preset.capabilities as TRenderPresetCapability[], settings });
    }
    const renderLocationId = draft.pipeline.renderLocationId;
    if (
      renderLocationId &&
      !(await repos.storageLocations.findById(tenantId, renderLocationId))?.types.includes('upload')
    ) {
      throw new AppError('CRASH_RECORDING_LOCATION_INVALID', {
        issues: [
          {
            path: 'pipeline.renderLocationId',
            code: 'CRASH_RECORDING_LOCATION_INVALID',
            message: formatErrorMessage('CRASH_RECORDING_LOCATION_INVALID'),
          },
        ],
      });
    }
    if (draft.folderId && !(await repos.folders.findById(tenantId, draft.folderId))) {
      throw new AppError('NOT_FOUND', {
        issues: [{ path: 'folderId', code: 'NOT_FOUND', message: 'The folder was not found.' }],
      });
    }
    const hasCredentials = Object.values(draft.credentials).some(Boolean);
    return {
      name: draft.name,
      type: draft.type,
      mode: draft.mode,
      location: draft.location,
      cidr: draft.cidr,
      encryptedCredentials: hasCredentials ? secretBox.seal(JSON.stringify(draft.credentials)) : null,
      pipeline: draft.pipeline,
      folderId: draft.folderId,
      bindKey: bindKeyOf(draft),
    };
  }

  return {
    /** The source with its credentials, for the recorder and the probe; LIVE_SOURCE_NOT_FOUND for another tenant's. */
    async get(tenantId: string, id: string): Promise<TLiveSource> {
      return sourceOf(await rowFor(tenantId, id));
    },

    /** Every source of the tenant with its credentials (the monitor's round). */
    async all(tenantId: string): Promise<TLiveSource[]> {
      return (await repos.liveSources.list(tenantId)).map(sourceOf);
    },

    async list(actor: AuthedActor): Promise<TLiveSourceView[]> {
      assertCanSee(actor);
      return (await repos.liveSources.list(actor.tenantId)).map(viewOf);
    },

    async view(actor: AuthedActor, id: string): Promise<TLiveSourceView> {
      assertCanSee(actor);
      return viewOf(await rowFor(actor.tenantId, id));
    },

    async create(actor: AuthedActor, input: unknown, meta: RequestMeta | null): Promise<TLiveSourceView> {
      assertCan(actor, 'tenantAdmin');
      const values = await normalize(actor.tenantId, input, null);
      const row = await audit.change(
        actor,
        meta,
        async (tx) => saved(await tx.liveSources.insert(actor.tenantId, values)),
        (created) => ({
          action: 'live_source.created',
          targetType: 'live_source',
          targetId: created.id,
          subject: created.name,
          summary: `Live source "${created.name}" created`,
        }),
      );
      return viewOf(row);
    },

    async update(actor: AuthedActor, id: string, input: unknown, meta: RequestMeta | null): Promise<TLiveSourceView> {
      assertCan(actor, 'tenantAdmin');
      const previous = await rowFor(actor.tenantId, id);
      const values = await normalize(actor.tenantId, input, previous);
      const row = await audit.change(
        actor,
        meta,
        async (tx) => saved(await tx.liveSources.update(actor.tenantId, id, values)),
        (updated) => ({
          action: 'live_source.updated',
          targetType: 'live_source',
          targetId: id,
          subject: updated.name,
          summary: `Live source "${updated.name}" changed`,
          details: { changes: auditChanges(audited(viewOf(previous)), audited(viewOf(updated))) },
        }),
      );
      return viewOf(row);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      assertCan(actor, 'tenantAdmin');
      const source = await rowFor(actor.tenantId, id);
      const recording = await deps.workflows?.describe(crashRecordingWorkflowId(actor.tenantId, id)).catch(() => null);
      if (recording?.status === 'RUNNING') throw new AppError('LIVE_SOURCE_RECORDING');
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.liveSources.delete(actor.tenantId, id))) throw new AppError('LIVE_SOURCE_NOT_FOUND');
        },
        () => ({
          action: 'live_source.deleted',
          targetType: 'live_source',
          targetId: id,
          subject: source.name,
          summary: `Live source "${source.name}" deleted`,
        }),
      );
    },

    /** For render presets: the sources that would lose their preset if it were deleted. */
    liveSourcesUsing(tenantId: string, presetId: string): Promise<string[]> {
      return repos.liveSources.namesUsingPreset(tenantId, presetId);
    },
  };
}

export type LiveSourceService = ReturnType<typeof createLiveSourceService>;
