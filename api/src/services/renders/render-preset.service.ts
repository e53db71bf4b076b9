import {
  AppError,
  assertCan,
  assertCanDeleteDefault,
  assertCanDeletePreset,
  assertDefaultVisible,
  assertNoFallbackCycle,
  auditChanges,
  can,
  defaultRenderPresets,
  isAdmin,
  parseRenderPresetInput,
  parseStoredPresetSettings,
  type TRenderPreset,
  type TRenderPresetCapability,
  type TRenderPresetInput,
} from '@mam/core';
import type { Repositories, TRenderPresetRow } from '@mam/db';
import type { AuthedActor } from '../actor.service';
import type { AuditService } from '../audit.service';
import type { RequestMeta, ServiceDeps } from '../service-deps';

/** A preset as the console and the API see it: the contract's fields, and whether subclips use it. */
export interface TRenderPresetView extends TRenderPreset {
  isSubclipPreset: boolean;
  updatedAt: string;
}

/** Who else holds on to a preset. Live sources arrive with the live issue; until then nothing does. */
export interface TRenderPresetUsers {
  liveSourcesUsing(tenantId: string, presetId: string): Promise<string[]>;
}

const noUsers: TRenderPresetUsers = { liveSourcesUsing: async () => [] };

/** The default set, stored for a tenant in the order that lets each fallback name an earlier preset. */
export async function insertDefaultRenderPresets(repos: Repositories, tenantId: string): Promise<void> {
  const ids = new Map<string, string>();
  for (const { key, isDefault, fallbackKey, preset } of defaultRenderPresets()) {
    const row = await repos.renderPresets.insert(tenantId, {
      ...rowValues({ ...preset, fallbackPresetId: fallbackKey ? ids.get(fallbackKey)! : null }),
      isDefault,
    });
    if (row === 'taken') throw new Error(`default render preset ${preset.name} stored twice`);
    ids.set(key, row.id);
  }
}

function rowValues(input: TRenderPresetInput) {
  return {
    name: input.name,
    hidden: input.hidden,
    fallbackPresetId: input.fallbackPresetId,
    startTimecode: input.startTimecode,
    overrideStartTimecode: input.overrideStartTimecode,
    capabilities: input.capabilities,
    mode: input.settings.mode,
    settings: input.settings as unknown as Record<string, unknown>,
  };
}

/** The fields an audit event compares, as the trail shows them. */
function audited(
  view: Pick<
    TRenderPresetView,
    'name' | 'hidden' | 'fallbackPresetId' | 'startTimecode' | 'overrideStartTimecode' | 'capabilities' | 'settings'
  >,
) {
  return {
    name: view.name,
    hidden: view.hidden,
    fallbackPresetId: view.fallbackPresetId,
    startTimecode: view.startTimecode,
    overrideStartTimecode: view.overrideStartTimecode,
    capabilities: view.capabilities,
    mode: view.settings.mode,
    settings: view.settings,
  };
}

export function createRenderPresetService(deps: ServiceDeps, audit: AuditService, users: TRenderPresetUsers = noUsers) {
  const { repos, logger } = deps;

  function toView(row: TRenderPresetRow): TRenderPresetView | null {
    const settings = parseStoredPresetSettings(row.settings);
    if (!settings) {
      logger.error({ tenantId: row.tenantId, presetId: row.id }, 'a stored render preset does not parse');
      return null;
    }
    return {
      id: row.id,
      tenantId: row.tenantId,
      name: row.name,
      hidden: row.hidden,
      fallbackPresetId: row.fallbackPresetId,
      startTimecode: row.startTimecode,
      overrideStartTimecode: row.overrideStartTimecode,
      capabilities: row.capabilities as TRenderPresetCapability[],
      isDefault: row.isDefault,
      settings,
      isSubclipPreset: row.isSubclipPreset,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Every preset of the tenant that parses; a broken one is logged and left out, never rendered with. */
  async function loadAll(tenantId: string, from: Repositories = repos): Promise<TRenderPresetView[]> {
    return (await from.renderPresets.list(tenantId)).flatMap((row) => toView(row) ?? []);
  }

  /** Cutter users and sequence exporters choose presets; administrators manage them. */
  function assertCanChoose(actor: AuthedActor) {
    if (!isAdmin(actor) && !can(actor, 'exportSequence')) assertCan(actor, 'cutter');
  }

  const visibleTo = (actor: AuthedActor) => (preset: TRenderPresetView) => isAdmin(actor) || !preset.hidden;

  async function findForAdmin(actor: AuthedActor, id: string) {
    assertCan(actor, 'tenantAdmin');
    const all = await loadAll(actor.tenantId);
    const preset = all.find((each) => each.id === id);
    if (!preset) throw new AppError('RENDER_PRESET_NOT_FOUND');
    return { preset, all };
  }

  /** The fallback has to be one of the tenant's presets, and must not lead back to the preset. */
  function assertFallback(all: readonly TRenderPresetView[], presetId: string | null, input: TRenderPresetInput) {
    if (input.fallbackPresetId === null) return;
    if (!all.some((preset) => preset.id === input.fallbackPresetId)) {
      throw new AppError('RENDER_PRESET_NOT_FOUND', {
        issues: [
          { path: 'fallbackPresetId', code: 'RENDER_PRESET_NOT_FOUND', message: 'The fallback preset was not found.' },
        ],
      });
    }
    if (presetId) assertNoFallbackCycle(all, presetId, input.fallbackPresetId);
  }

  function saved<T>(result: T | 'taken' | undefined): T {
    if (result === 'taken') throw new AppError('RENDER_PRESET_NAME_TAKEN');
    if (result === undefined) throw new AppError('RENDER_PRESET_NOT_FOUND');
    return result;
  }

  function viewOf(row: TRenderPresetRow): TRenderPresetView {
    const view = toView(row);
    if (!view) throw new AppError('INTERNAL');
    return view;
  }

  return {
    loadAll,

    /** The presets the actor may choose from (administrators: all of them, hidden ones too), by name. */
    async list(actor: AuthedActor): Promise<TRenderPresetView[]> {
      assertCanChoose(actor);
      return (await loadAll(actor.tenantId)).filter(visibleTo(actor));
    },

    async get(actor: AuthedActor, id: string): Promise<TRenderPresetView> {
      assertCanChoose(actor);
      const row = await repos.renderPresets.findById(actor.tenantId, id);
      const view = row && toView(row);
      if (!view || !visibleTo(actor)(view)) throw new AppError('RENDER_PRESET_NOT_FOUND');
      return view;
    },

    /**
     * The preset a render uses: the one named, else the tenant's default. NO_RENDER_PRESETS when the tenant has
     * none at all (spec section 8); a hidden preset may still be named by id (a live source, an integration).
     */
    async forRender(tenantId: string, presetId?: string | null): Promise<TRenderPresetView> {
      const all = await loadAll(tenantId);
      if (all.length === 0) throw new AppError('NO_RENDER_PRESETS');
      const preset = presetId ? all.find((each) => each.id === presetId) : all.find((each) => each.isDefault);
      if (!preset) throw new AppError(presetId ? 'RENDER_PRESET_NOT_FOUND' : 'NO_RENDER_PRESETS');
      return preset;
    },

    async create(actor: AuthedActor, input: unknown, meta: RequestMeta | null): Promise<TRenderPresetView> {
      assertCan(actor, 'tenantAdmin');
      const preset = parseRenderPresetInput(input);
      const all = await loadAll(actor.tenantId);
      assertFallback(all, null, preset);
      // The first preset is the default: a tenant with presets always has one.
      const isDefault = all.length === 0;
      assertDefaultVisible({ isDefault, hidden: preset.hidden });
      const row = await audit.change(
        actor,
        meta,
        async (tx) => saved(await tx.renderPresets.insert(actor.tenantId, { ...rowValues(preset), isDefault })),
        (created) => ({
          action: 'render_preset.created',
          targetType: 'render_preset',
          targetId: created.id,
          subject: created.name,
          summary: `Render preset "${created.name}" created`,
        }),
      );
      return viewOf(row);
    },

    async update(actor: AuthedActor, id: string, input: unknown, meta: RequestMeta | null): Promise<TRenderPresetView> {
      const { preset: previous, all } = await findForAdmin(actor, id);
      const preset = parseRenderPresetInput(input);
      assertFallback(all, id, preset);
      assertDefaultVisible({ isDefault: previous.isDefault, hidden: preset.hidden });
      if (previous.isSubclipPreset && !preset.capabilities.includes('subclip')) {
        throw new AppError('RENDER_PRESET_SUBCLIP_CAPABILITY');
      }
      const row = await audit.change(
        actor,
        meta,
        async (tx) => saved(await tx.renderPresets.update(actor.tenantId, id, rowValues(preset))),
        (updated) => ({
          action: 'render_preset.updated',
          targetType: 'render_preset',
          targetId: id,
          subject: updated.name,
          summary: `Render preset "${updated.name}" changed`,
          details: { changes: auditChanges(audited(previous), audited({ ...preset })) },
        }),
      );
      return viewOf(row);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const { preset, all } = await findForAdmin(actor, id);
      assertCanDeletePreset(id, {
        presets: all,
        subclipPresetId: all.find((each) => each.isSubclipPreset)?.id ?? null,
        liveSources: await users.liveSourcesUsing(actor.tenantId, id),
      });
      assertCanDeleteDefault(preset, all.length);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.renderPresets.delete(actor.tenantId, id))) throw new AppError('RENDER_PRESET_NOT_FOUND');
        },
        () => ({
          action: 'render_preset.deleted',
          targetType: 'render_preset',
          targetId: id,
          subject: preset.name,
          summary: `Render preset "${preset.name}" deleted`,
        }),
      );
    },

    /** Makes the preset the one renders use when none is named. */
    async setDefault(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<TRenderPresetView> {
      const { preset, all } = await findForAdmin(actor, id);
      assertDefaultVisible({ isDefault: true, hidden: preset.hidden });
      const before = all.find((each) => each.isDefault);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.renderPresets.setDefault(actor.tenantId, id))) throw new AppError('RENDER_PRESET_NOT_FOUND');
        },
        () => ({
          action: 'render_preset.default_changed',
          targetType: 'render_preset',
          targetId: id,
          subject: preset.name,
          summary: `Render preset "${preset.name}" is the default`,
          details: { changes: auditChanges({ default: before?.name ?? null }, { default: preset.name }) },
        }),
      );
      return { ...preset, isDefault: true };
    },

    /** Names the preset subclips are made with, or none (null). */
    async setSubclipPreset(actor: AuthedActor, id: string | null, meta: RequestMeta | null): Promise<void> {
      assertCan(actor, 'tenantAdmin');
      const all = await loadAll(actor.tenantId);
      const preset = id === null ? null : all.find((each) => each.id === id);
      if (preset === undefined) throw new AppError('RENDER_PRESET_NOT_FOUND');
      if (preset && !preset.capabilities.includes('subclip')) throw new AppError('RENDER_PRESET_SUBCLIP_CAPABILITY');
      const before = all.find((each) => each.isSubclipPreset);
      await audit.change(
        actor,
        meta,
        async (tx) => {
          if (!(await tx.renderPresets.setSubclipPreset(actor.tenantId, id))) {
            throw new AppError('RENDER_PRESET_NOT_FOUND');
          }
        },
        () => ({
          action: 'render_preset.subclip_changed',
          targetType: 'render_preset',
          targetId: id ?? before?.id ?? '',
          subject: preset?.name ?? before?.name,
          summary: preset ? `Render preset "${preset.name}" is used for subclips` : 'No preset is used for subclips',
          details: { changes: auditChanges({ subclip: before?.name ?? null }, { subclip: preset?.name ?? null }) },
        }),
      );
    },
  };
}

export type RenderPresetService = ReturnType<typeof createRenderPresetService>;
