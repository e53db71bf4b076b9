import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultRenderPresets } from '@mam/core';
import { schema } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { eq, sql } from 'drizzle-orm';
import type { TRenderPresetView } from '../services/renders/render-preset.service';
import { addMember, adminApiKey, rest, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp, TrpcClient } from '../testing/test-app';

const web = {
  name: 'Web 720p',
  hidden: false,
  fallbackPresetId: null,
  startTimecode: '00:00:00:00',
  overrideStartTimecode: false,
  capabilities: ['render'],
  settings: { mode: 'generic', height: 720, crf: 23, speed: 'veryfast', audioBitrateKbps: 128 },
};
const rewrap = (fallbackPresetId: string | null) => ({
  ...web,
  name: 'Rewrap to MXF',
  fallbackPresetId,
  capabilities: ['render', 'subclip'],
  settings: { mode: 'rewrap', container: 'mxf' },
});

/** What the store keeps of a preset, without the ids a fresh store gives it. */
function shape(preset: TRenderPresetView, byId: Map<string, string>) {
  return {
    name: preset.name,
    hidden: preset.hidden,
    fallback: preset.fallbackPresetId && byId.get(preset.fallbackPresetId),
    startTimecode: preset.startTimecode,
    overrideStartTimecode: preset.overrideStartTimecode,
    capabilities: preset.capabilities,
    isDefault: preset.isDefault,
    settings: preset.settings,
  };
}
const shapes = (presets: TRenderPresetView[]) => {
  const byId = new Map(presets.map((preset) => [preset.id, preset.name]));
  return presets.map((preset) => shape(preset, byId)).sort((a, b) => a.name.localeCompare(b.name));
};

describe.each(testBackends)('render presets on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let admin: TrpcClient;
  let bravoAdmin: TrpcClient;
  let key: string;
  let bravoKey: string;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, bravoAdmin } = await twoTenantLibrary(backend));
    key = await adminApiKey(t, alpha);
    bravoKey = await adminApiKey(t, bravo);
  });
  afterAll(() => t.dispose());

  const list = async (client: TrpcClient = admin) => {
    const result = await client.query<TRenderPresetView[]>('renderPresets.list');
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.data;
  };
  const create = async (preset: unknown, client: TrpcClient = admin) => {
    const result = await client.mutate<TRenderPresetView>('renderPresets.create', { preset });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.data;
  };

  it('gives a new tenant the default set, the web render its default', async () => {
    const presets = await list();
    const expected = defaultRenderPresets();
    expect(presets.map((preset) => preset.name).sort()).toEqual(expected.map(({ preset }) => preset.name).sort());
    expect(presets.filter((preset) => preset.isDefault).map((preset) => preset.name)).toEqual(['Web MP4 (H.264)']);
    const rewrapMov = presets.find((preset) => preset.settings.mode === 'rewrap')!;
    expect(presets.find((preset) => preset.id === rewrapMov.fallbackPresetId)?.name).toBe('Web MP4 (H.264)');
  });

  it('gave tenants that existed before presets the same set (the migration)', async () => {
    const before = shapes(await t.services.renderPresets.loadAll(bravo.tenant.id));
    // Replay the migration's backfill for bravo alone, on an empty store.
    const { db } = t.database;
    await db.delete(schema.renderPreset).where(eq(schema.renderPreset.tenantId, bravo.tenant.id));
    const migration = readFileSync(path.resolve(__dirname, '../../../db/migrations/0033_render_presets.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Existing tenants')).split('--> statement-breakpoint');
    for (const statement of backfill) {
      const scoped = statement
        .replace(/;\s*$/, '')
        .concat(
          statement.includes('FROM "tenant"')
            ? ` WHERE "tenant"."id" = '${bravo.tenant.id}'`
            : ` AND "tenant_id" = '${bravo.tenant.id}'`,
        );
      await db.execute(sql.raw(scoped));
    }
    expect(shapes(await t.services.renderPresets.loadAll(bravo.tenant.id))).toEqual(before);
  });

  it('creates, changes and deletes presets, with audit events', async () => {
    const created = await create(web);
    expect(created).toMatchObject({ name: 'Web 720p', isDefault: false, isSubclipPreset: false });
    const renamed = await admin.mutate<TRenderPresetView>('renderPresets.update', {
      id: created.id,
      preset: { ...web, name: 'Web 720p low', settings: { ...web.settings, crf: 28 } },
    });
    expect(renamed.ok && renamed.data).toMatchObject({ name: 'Web 720p low', settings: { crf: 28 } });
    const taken = await admin.mutate('renderPresets.create', { preset: { ...web, name: 'web 720P LOW' } });
    expect(taken).toMatchObject({ ok: false, status: 409, code: 'RENDER_PRESET_NAME_TAKEN' });
    expect(await admin.mutate('renderPresets.delete', { id: created.id })).toMatchObject({ ok: true });
    const events = await t.services.deps.repos.auditEvents.listForTarget(
      alpha.tenant.id,
      { type: 'render_preset', id: created.id },
      { limit: 10 },
    );
    expect(events.map((event) => event.action).sort()).toEqual([
      'render_preset.created',
      'render_preset.deleted',
      'render_preset.updated',
    ]);
    const updated = events.find((event) => event.action === 'render_preset.updated')!;
    expect(updated.details).toMatchObject({ changes: { name: { from: 'Web 720p', to: 'Web 720p low' } } });
  });

  it('refuses advanced parameters off the allow-list, naming the field', async () => {
    const result = await admin.mutate('renderPresets.create', {
      preset: {
        ...web,
        name: 'Sneaky',
        settings: {
          mode: 'advanced',
          container: 'mkv',
          videoCodec: 'h264',
          audioCodec: 'aac',
          parameters: { vf: 'movie=/etc/passwd' },
        },
      },
    });
    expect(result).toMatchObject({ ok: false, status: 400, code: 'RENDER_PRESET_INVALID' });
    expect(JSON.stringify(result)).toContain('settings.parameters.vf');
    expect((await list()).map((preset) => preset.name)).not.toContain('Sneaky');
  });

  it('refuses fallback cycles and deleting a preset others fall back to', async () => {
    const base = await create({ ...web, name: 'Base' });
    const wrap = await create(rewrap(base.id));
    const cycle = await admin.mutate('renderPresets.update', {
      id: base.id,
      preset: { ...web, name: 'Base', fallbackPresetId: wrap.id },
    });
    expect(cycle).toMatchObject({ ok: false, status: 400, code: 'RENDER_PRESET_FALLBACK_CYCLE' });
    const refused = await admin.mutate('renderPresets.delete', { id: base.id });
    expect(refused).toMatchObject({ ok: false, status: 409, code: 'RENDER_PRESET_IN_USE' });
    expect(JSON.stringify(refused)).toContain('RENDER_PRESET_USED_AS_FALLBACK');
    // Used for subclips, it stays too; with neither, it goes.
    expect(await admin.mutate('renderPresets.setSubclip', { id: wrap.id })).toMatchObject({ ok: true });
    const subclip = await admin.mutate('renderPresets.delete', { id: wrap.id });
    expect(JSON.stringify(subclip)).toContain('RENDER_PRESET_USED_FOR_SUBCLIPS');
    expect(await admin.mutate('renderPresets.setSubclip', { id: null })).toMatchObject({ ok: true });
    expect(await admin.mutate('renderPresets.delete', { id: wrap.id })).toMatchObject({ ok: true });
    expect(await admin.mutate('renderPresets.delete', { id: base.id })).toMatchObject({ ok: true });
  });

  it('keeps exactly one default', async () => {
    const broadcast = (await list()).find((preset) => preset.name === 'XDCAM HD422 1080i50')!;
    const previous = (await list()).find((preset) => preset.isDefault)!;
    expect(await admin.mutate('renderPresets.setDefault', { id: broadcast.id })).toMatchObject({ ok: true });
    expect((await list()).filter((preset) => preset.isDefault).map((preset) => preset.id)).toEqual([broadcast.id]);
    expect(await admin.mutate('renderPresets.delete', { id: broadcast.id })).toMatchObject({
      ok: false,
      code: 'RENDER_PRESET_DEFAULT_DELETE',
    });
    expect((await t.services.renderPresets.forRender(alpha.tenant.id)).id).toBe(broadcast.id);
    const hideDefault = await admin.mutate('renderPresets.update', {
      id: broadcast.id,
      preset: {
        ...web,
        name: broadcast.name,
        hidden: true,
        startTimecode: '10:00:00:00',
        settings: broadcast.settings,
      },
    });
    expect(hideDefault).toMatchObject({ ok: false, code: 'RENDER_PRESET_DEFAULT_HIDDEN' });
    expect(await admin.mutate('renderPresets.setDefault', { id: previous.id })).toMatchObject({ ok: true });
  });

  it('lets cutter users list the visible presets only, and only administrators change them', async () => {
    const hidden = await create({ ...web, name: 'Archive only', hidden: true });
    const cutter = await addMember(t, alpha, 'cutter', { cutter: true });
    const names = (await list(cutter.client)).map((preset) => preset.name);
    expect(names).toContain('Web MP4 (H.264)');
    expect(names).not.toContain('Archive only');
    expect(await cutter.client.query('renderPresets.get', { id: hidden.id })).toMatchObject({
      status: 404,
      code: 'RENDER_PRESET_NOT_FOUND',
    });
    expect(await cutter.client.mutate('renderPresets.create', { preset: { ...web, name: 'Mine' } })).toMatchObject({
      status: 403,
    });
    const stranger = await addMember(t, alpha, 'stranger', { cutter: false, exportSequence: false });
    expect(await stranger.client.query('renderPresets.list')).toMatchObject({ ok: false, status: 403 });
  });

  it('says there are no presets when a tenant has none', async () => {
    await t.database.db.delete(schema.renderPreset).where(eq(schema.renderPreset.tenantId, bravo.tenant.id));
    await expect(t.services.renderPresets.forRender(bravo.tenant.id)).rejects.toMatchObject({
      code: 'NO_RENDER_PRESETS',
      message: 'No render presets found. Please inform your tenant administrator to configure presets.',
    });
    // The first preset a tenant gets is its default.
    expect(await create(web, bravoAdmin)).toMatchObject({ isDefault: true });
  });

  it('serves the presets over REST, each tenant its own', async () => {
    const listed = await rest(t, key, 'GET', '/render-presets');
    expect(listed.status).toBe(200);
    const presets = listed.body.presets as TRenderPresetView[];
    expect(presets.every((preset) => preset.tenantId === alpha.tenant.id)).toBe(true);
    const one = presets[0]!;
    expect(await rest(t, key, 'GET', `/render-presets/${one.id}`)).toMatchObject({ status: 200, body: { id: one.id } });
    // Tenant B cannot read, change or delete tenant A's preset, nor name it as a fallback.
    expect(await rest(t, bravoKey, 'GET', `/render-presets/${one.id}`)).toMatchObject({ status: 404 });
    expect((await rest(t, bravoKey, 'GET', '/render-presets')).body.presets).not.toContainEqual(
      expect.objectContaining({ id: one.id }),
    );
    expect(await rest(t, bravoKey, 'PUT', `/render-presets/${one.id}`, { ...web, name: 'Taken over' })).toMatchObject({
      status: 404,
    });
    expect(await rest(t, bravoKey, 'DELETE', `/render-presets/${one.id}`)).toMatchObject({ status: 404 });
    expect(await rest(t, bravoKey, 'POST', '/render-presets', rewrap(one.id))).toMatchObject({
      status: 404,
      body: { code: 'RENDER_PRESET_NOT_FOUND' },
    });
    expect(await bravoAdmin.query('renderPresets.get', { id: one.id })).toMatchObject({ status: 404 });
    expect(await bravoAdmin.mutate('renderPresets.setDefault', { id: one.id })).toMatchObject({ status: 404 });
    // An administrator's key manages presets.
    const created = await rest(t, key, 'POST', '/render-presets', { ...web, name: 'From the API' });
    expect(created).toMatchObject({ status: 201, body: { name: 'From the API', isDefault: false } });
    const id = (created.body as { id: string }).id;
    expect(await rest(t, key, 'PUT', `/render-presets/${id}`, { ...web, name: 'From the API 2' })).toMatchObject({
      status: 200,
      body: { name: 'From the API 2' },
    });
    expect(await rest(t, key, 'DELETE', `/render-presets/${id}`)).toMatchObject({ status: 200 });
    expect(await rest(t, key, 'POST', '/render-presets', { ...web, name: '' })).toMatchObject({ status: 400 });
  });
});
