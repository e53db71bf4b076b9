import type { TItemRow } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import type { AuthedActor } from '../services/actor.service';
import { createApiKeyService } from '../services/api-key.service';
import { createAuditService, type AuditService } from '../services/audit.service';
import { createBookmarkService } from '../services/bookmark.service';
import { createCommentService } from '../services/comment.service';
import { createFolderService } from '../services/folder.service';
import { createGroupService } from '../services/group.service';
import { createItemRelationService } from '../services/item-relation.service';
import { createLogEntryService } from '../services/logging/log-entry.service';
import { createItemLibraryService } from '../services/items/item-library.service';
import { createVersionService } from '../services/items/version.service';
import { createItemMetadataService } from '../services/metadata/item-metadata.service';
import { createMetadataExchangeService } from '../services/metadata/metadata-exchange.service';
import { createMetadataFormService } from '../services/metadata/metadata-form.service';
import { createOneTimeCodeService } from '../services/one-time-code.service';
import { createProcessingService } from '../services/items/processing.service';
import { createUploadService } from '../services/items/upload.service';
import { createStorageService } from '../services/storage.service';
import { createTaskReminderService } from '../services/task-reminder.service';
import { sha256 } from '../security/tokens';
import { createShareService } from '../services/shares/share.service';
import { createUploadRequestService } from '../services/shares/upload-request.service';
import { createSsoService } from '../services/sso.service';
import { createSystemAdminService } from '../services/system-admin.service';
import { createTenantConfigService } from '../services/tenant-config.service';
import { createUserAdminService } from '../services/user-admin.service';
import { adminActor, insertItem, twoTenantLibrary, type TTwoTenantLibrary } from '../testing/library-fixtures';
import type { TestApp } from '../testing/test-app';

/** A change and its audit event are one: when the event cannot be stored, the change is not stored either. */
describe.each(testBackends)('changes and their audit events on %s', (backend) => {
  let t: TestApp;
  let alpha: TTwoTenantLibrary['alpha'];
  let bravo: TTwoTenantLibrary['bravo'];
  let root: string;
  let actor: AuthedActor;

  beforeAll(async () => {
    ({ t, alpha, bravo, root } = await twoTenantLibrary(backend));
    actor = await adminActor(t, alpha);
  }, 120_000);
  afterAll(() => t.dispose());

  const newItem = (title: string) => insertItem(t, alpha, { title, folderId: root, ownerId: alpha.admin.id });
  const stored = async (item: TItemRow) => (await t.services.deps.repos.items.findById(alpha.tenant.id, item.id))!;
  const auditCount = async () =>
    (await t.services.deps.repos.auditEvents.list(alpha.tenant.id, { limit: 1000 })).length;

  const down = 'audit store unavailable';
  /** An audit trail whose store is down: its `change` runs as it does in production, until the event is stored. */
  let failingAudit: AuditService;
  beforeAll(() => {
    failingAudit = Object.assign(createAuditService(t.services.deps), {
      record: async () => {
        throw new Error(down);
      },
    });
  });
  const library = () =>
    createItemLibraryService(t.services.deps, failingAudit, t.services.folders, t.services.storages);

  it('keeps the old title when the database refuses the audit event (a lone surrogate past the edge check)', async () => {
    const item = await newItem('Original title');
    const before = await auditCount();
    // The details column is jsonb, which refuses the escaped lone surrogate; the title column would take it.
    await expect(t.services.itemLibrary.update(actor, item.id, { title: 'Broken \uD800' }, null)).rejects.toThrow();
    expect((await stored(item)).title).toBe('Original title');
    expect(await auditCount()).toBe(before);
  });

  it('keeps the title and description when the audit trail fails', async () => {
    const item = await newItem('Kept title');
    await expect(library().update(actor, item.id, { title: 'Lost title', description: 'Lost' }, null)).rejects.toThrow(
      down,
    );
    expect(await stored(item)).toMatchObject({ title: 'Kept title', description: '' });
  });

  it('keeps items where they were when the audit trail fails on a move, delete or restore', async () => {
    const target = await t.services.folders.create(actor, { name: 'Elsewhere', parentId: root }, null);
    const moved = await newItem('Stays put');
    await expect(library().move(actor, { itemIds: [moved.id], folderId: target.id }, null)).rejects.toThrow(down);
    expect((await stored(moved)).folderId).toBe(root);

    const deleted = await newItem('Not deleted');
    await expect(library().remove(actor, [deleted.id], null)).rejects.toThrow(down);
    expect((await stored(deleted)).deletedAt).toBeNull();

    const binned = await newItem('Stays in the bin');
    await t.services.itemLibrary.remove(actor, [binned.id], null);
    await expect(library().restore(actor, [binned.id], null)).rejects.toThrow(down);
    expect((await stored(binned)).deletedAt).not.toBeNull();

    await expect(library().purge(actor, [binned.id], null)).rejects.toThrow(down);
    expect(await t.services.deps.repos.items.findById(alpha.tenant.id, binned.id)).toBeDefined();
  });

  it("keeps an item's metadata when the audit trail fails", async () => {
    const item = await newItem('Metadata kept');
    const metadata = createItemMetadataService(t.services.deps, failingAudit, t.services.metadataForms);
    const values = { title: 'Metadata lost', description: 'Lost' };
    await expect(metadata.update(actor, item.id, { formId: 'common', values }, null)).rejects.toThrow(down);
    expect(await stored(item)).toMatchObject({ title: 'Metadata kept', description: '' });
  });

  it('creates, renames, moves, restricts and deletes no folder when the audit trail fails', async () => {
    const folders = createFolderService(t.services.deps, failingAudit);
    const folderRow = (id: string) => t.services.deps.repos.folders.findById(alpha.tenant.id, id);
    await expect(folders.create(actor, { name: 'Never made', parentId: root }, null)).rejects.toThrow(down);
    const names = (await t.services.deps.repos.folders.listAll(alpha.tenant.id)).map((f) => f.name);
    expect(names).not.toContain('Never made');

    const folder = await t.services.folders.create(actor, { name: 'Archive', parentId: root }, null);
    const other = await t.services.folders.create(actor, { name: 'Other', parentId: root }, null);
    const inside = await insertItem(t, alpha, { title: 'Inside', folderId: folder.id, ownerId: alpha.admin.id });
    await expect(folders.rename(actor, { id: folder.id, name: 'Renamed' }, null)).rejects.toThrow(down);
    await expect(folders.move(actor, { id: folder.id, parentId: other.id }, null)).rejects.toThrow(down);
    await expect(
      folders.setAccess(actor, { id: folder.id, visibleTo: { level: 'owner', groups: [] } }, null),
    ).rejects.toThrow(down);
    await expect(folders.remove(actor, folder.id, null)).rejects.toThrow(down);
    expect(await folderRow(folder.id)).toMatchObject({ name: 'Archive', parentId: root, visibleTo: null });
    expect((await stored(inside)).deletedAt).toBeNull();
  });

  it('creates, changes and deletes no system bookmark when the audit trail fails', async () => {
    const bookmarks = createBookmarkService(t.services.deps, failingAudit);
    const groups = await t.services.deps.repos.groups.list(alpha.tenant.id);
    const input = {
      title: 'Desk',
      kind: 'search' as const,
      scope: 'system' as const,
      target: { route: '/?q=goal', query: 'goal' },
      icon: null,
      isFilter: false,
      visibleGroups: [groups[0]!.id],
    };
    await expect(bookmarks.create(actor, input, null)).rejects.toThrow(down);
    expect(await t.services.bookmarks.list(actor)).toEqual([]);

    const saved = await t.services.bookmarks.create(actor, input, null);
    await expect(bookmarks.update(actor, saved.id, { ...input, title: 'Renamed' }, null)).rejects.toThrow(down);
    await expect(bookmarks.delete(actor, saved.id, null)).rejects.toThrow(down);
    expect((await t.services.bookmarks.list(actor)).map((b) => b.title)).toEqual(['Desk']);
  });

  it('creates, deactivates and deletes no API key when the audit trail fails', async () => {
    const keys = createApiKeyService(t.services.deps, failingAudit);
    const labels = async () => (await t.services.apiKeys.list(actor)).map((k) => `${k.label}:${k.active}`);
    await expect(
      keys.create(actor, { label: 'Never made', expiresAt: null, maxUnusedDays: null }, null),
    ).rejects.toThrow(down);
    expect(await labels()).toEqual([]);

    const { apiKey } = await t.services.apiKeys.create(
      actor,
      { label: 'Kept', expiresAt: null, maxUnusedDays: null },
      null,
    );
    await expect(keys.setActive(actor, apiKey.id, false, null)).rejects.toThrow(down);
    await expect(keys.delete(actor, apiKey.id, null)).rejects.toThrow(down);
    expect(await labels()).toEqual(['Kept:true']);
  });

  it('creates, changes, deactivates, logs out and deletes no user when the audit trail fails', async () => {
    const s = t.services;
    const users = createUserAdminService(s.deps, s.sessions, s.apiKeys, s.codes, failingAudit);
    const password = 'Correct-Horse-Battery-Staple-9';
    const input = { email: 'never@alpha.test', name: 'Never', password, groupIds: [] };
    await expect(users.create(actor, input, null)).rejects.toThrow(down);
    expect(await s.deps.repos.users.findByEmail(alpha.tenant.id, 'never@alpha.test')).toBeUndefined();

    const user = await s.users.create(actor, { ...input, email: 'kept@alpha.test', name: 'Kept' }, null);
    const group = await s.groups.create(actor, { name: 'Editors' }, null);
    const session = { tokenHash: 'kept-session', userId: user.id, userEpoch: 0, ip: null, userAgent: null };
    await s.deps.repos.sessions.insert(alpha.tenant.id, {
      ...session,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await expect(users.update(actor, { id: user.id, name: 'Renamed', groupIds: [group.id] }, null)).rejects.toThrow(
      down,
    );
    await expect(users.setActive(actor, user.id, false, null)).rejects.toThrow(down);
    await expect(users.setHidden(actor, user.id, true, null)).rejects.toThrow(down);
    await expect(users.logoutEverywhere(actor, user.id, null)).rejects.toThrow(down);
    await expect(users.delete(actor, user.id, null)).rejects.toThrow(down);
    const kept = (await s.users.list(actor, { includeHidden: true })).find((u) => u.id === user.id);
    expect(kept).toMatchObject({ name: 'Kept', active: true, hidden: false, groupIds: user.groupIds });
    expect(await s.deps.repos.sessions.findByTokenHash(session.tokenHash)).toBeDefined();
  });

  it('creates, renames, changes and deletes no group when the audit trail fails', async () => {
    const groups = createGroupService(t.services.deps, t.services.apiKeys, failingAudit);
    const names = async () => (await t.services.groups.list(actor)).map((g) => g.name);
    await expect(groups.create(actor, { name: 'Never made' }, null)).rejects.toThrow(down);
    expect(await names()).not.toContain('Never made');

    const group = await t.services.groups.create(actor, { name: 'Reviewers' }, null);
    await expect(groups.rename(actor, { id: group.id, name: 'Renamed' }, null)).rejects.toThrow(down);
    await expect(
      groups.setPermissions(actor, { id: group.id, permissions: { tenantInfo: true } }, null),
    ).rejects.toThrow(down);
    await expect(groups.delete(actor, group.id, null)).rejects.toThrow(down);
    expect((await t.services.groups.list(actor)).find((g) => g.id === group.id)).toMatchObject({
      name: 'Reviewers',
      permissions: {},
    });
  });

  it("keeps the tenant's configuration and single sign-on settings when the audit trail fails", async () => {
    const config = createTenantConfigService(t.services.deps, t.services.apiKeys, failingAudit);
    const before = await t.services.tenantConfig.get(actor);
    await expect(config.update(actor, { ...before, organizationName: 'Never named' }, null)).rejects.toThrow(down);
    expect((await t.services.tenantConfig.get(actor)).organizationName).toBe(before.organizationName);

    const sso = createSsoService(t.services.deps, t.services.sessions, failingAudit);
    const settings = { enabled: false, issuerUrl: '', clientId: 'never-stored', defaultGroupIds: [] };
    await expect(sso.updateSettings(actor, settings, null)).rejects.toThrow(down);
    expect((await t.services.sso.getSettings(actor)).clientId).toBe('');
  });

  it('creates, changes and revokes no share or upload request when the audit trail fails', async () => {
    const shares = createShareService(t.services.deps, failingAudit, t.services.folders);
    const item = await newItem('Shared clip');
    const titles = async () => (await t.services.shares.listMine(actor)).map((s) => `${s.pageTitle}:${s.state}`);
    await expect(shares.create(actor, { pageTitle: 'Never made', itemIds: [item.id] }, null)).rejects.toThrow(down);
    expect(await titles()).toEqual([]);

    const share = await t.services.shares.create(actor, { pageTitle: 'Kept', itemIds: [item.id] }, null);
    await expect(shares.update(actor, { id: share.id, pageTitle: 'Renamed' }, null)).rejects.toThrow(down);
    await expect(shares.revoke(actor, share.id, null)).rejects.toThrow(down);
    expect(await titles()).toEqual([`Kept:${share.state}`]);

    const requests = createUploadRequestService(t.services.deps, failingAudit);
    const mine = async () =>
      (await t.services.uploadRequests.listMine(actor)).map((r) => `${r.pageTitle}:${r.revokedAt === null}`);
    await expect(requests.create(actor, { folderId: root, pageTitle: 'Never asked' }, null)).rejects.toThrow(down);
    expect(await mine()).toEqual([]);
    const request = await t.services.uploadRequests.create(actor, { folderId: root, pageTitle: 'Asked' }, null);
    await expect(requests.revoke(actor, request.id, null)).rejects.toThrow(down);
    expect(await mine()).toEqual(['Asked:true']);
  });

  it("keeps tenants' quota and state and the feature flags when the audit trail fails", async () => {
    const operator = { ...actor, isSuperAdmin: true };
    const system = createSystemAdminService(t.services.deps, t.services.apiKeys, failingAudit);
    const tenantRow = () => t.services.deps.repos.tenants.findById(bravo.tenant.id);
    const quotaBefore = (await tenantRow())!.config.storageQuotaBytes;
    await expect(system.setTenantQuota(operator, bravo.tenant.id, 1234, null)).rejects.toThrow(down);
    await expect(system.setTenantActive(operator, bravo.tenant.id, false, null)).rejects.toThrow(down);
    expect(await tenantRow()).toMatchObject({ active: true, config: { storageQuotaBytes: quotaBefore } });

    const flags = async () =>
      (await t.services.deps.repos.featureFlags.list()).map((f) => `${f.id}:${f.enabledForAll}`);
    const before = await flags();
    const flag = { id: 'never-flag', description: 'Never stored', enabledForAll: true, tenantIds: [] };
    await expect(system.upsertFeatureFlag(operator, flag, null)).rejects.toThrow(down);
    expect(await flags()).toEqual(before);
    await t.services.system.upsertFeatureFlag(operator, { ...flag, id: 'kept-flag' }, null);
    await expect(system.deleteFeatureFlag(operator, 'kept-flag', null)).rejects.toThrow(down);
    expect(await flags()).toContain('kept-flag:true');
  });

  it('adds and removes no relation between items when the audit trail fails', async () => {
    const relations = createItemRelationService(t.services.deps, failingAudit);
    const from = await newItem('Cut');
    const to = await newItem('Source');
    const input = { fromItemId: from.id, toItemId: to.id, kind: 'derived_from' as const };
    await expect(relations.add(actor, input, null)).rejects.toThrow(down);
    expect(await t.services.relations.list(actor, from.id)).toEqual([]);

    const relation = await t.services.relations.add(actor, input, null);
    await expect(relations.remove(actor, relation.id, null)).rejects.toThrow(down);
    expect((await t.services.relations.list(actor, from.id)).map((r) => r.id)).toEqual([relation.id]);
  });

  it('adds, changes, resolves, assigns and deletes no comment when the audit trail fails', async () => {
    const comments = createCommentService(
      t.services.deps,
      failingAudit,
      t.services.notifications,
      createTaskReminderService(t.services.deps),
    );
    const item = await newItem('Discussed');
    const threads = () => t.services.comments.list(actor, item.id);
    await expect(comments.create(actor, { itemId: item.id, text: 'Never said' }, null)).rejects.toThrow(down);
    expect(await threads()).toEqual([]);

    const comment = await t.services.comments.create(actor, { itemId: item.id, text: 'Kept' }, null);
    await expect(comments.reply(actor, { commentId: comment.id, text: 'Never replied' }, null)).rejects.toThrow(down);
    await expect(comments.edit(actor, { id: comment.id, text: 'Never edited' }, null)).rejects.toThrow(down);
    await expect(comments.setResolved(actor, { id: comment.id, resolved: true }, null)).rejects.toThrow(down);
    await expect(comments.assign(actor, { id: comment.id, assigneeId: alpha.admin.id }, null)).rejects.toThrow(down);
    const due = new Date(Date.now() + 86_400_000);
    await expect(
      comments.updateTask(actor, { id: comment.id, status: 'in_progress', dueAt: due, priority: 'high' }, null),
    ).rejects.toThrow(down);
    await expect(comments.delete(actor, comment.id, null)).rejects.toThrow(down);
    expect(await threads()).toMatchObject([
      {
        id: comment.id,
        text: 'Kept',
        deleted: false,
        resolved: false,
        status: 'open',
        dueAt: null,
        priority: 'normal',
        assignee: null,
        replies: [],
        editedAt: null,
      },
    ]);
  });

  it('logs, changes and deletes no log entry when the audit trail fails', async () => {
    const form = { id: 'marks', label: 'Marks', active: true, flavor: 'timed', views: { item: [] }, fields: [] };
    await t.services.metadataForms.create(actor, form, null);
    const logEntries = createLogEntryService(t.services.deps, failingAudit, t.services.metadataForms);
    const item = await newItem('Logged match');
    const entries = async () => (await t.services.logEntries.list(actor, item.id)).entries;
    await expect(
      logEntries.create(actor, { itemId: item.id, formId: 'marks', tcIn: 10, values: {} }, null),
    ).rejects.toThrow(down);
    expect(await entries()).toEqual([]);

    const entry = await t.services.logEntries.create(
      actor,
      { itemId: item.id, formId: 'marks', tcIn: 10, values: {} },
      null,
    );
    await expect(logEntries.update(actor, { id: entry.id, tcIn: 20 }, null)).rejects.toThrow(down);
    await expect(logEntries.delete(actor, entry.id, null)).rejects.toThrow(down);
    expect(await entries()).toMatchObject([{ id: entry.id, tcIn: 10 }]);
  });

  it('keeps the leading version when the audit trail fails on a promotion', async () => {
    const item = await newItem('Two cuts');
    const done = { state: 'COMPLETE' as const, error: null, enabled: true, progress: 100, step: null };
    const second = await t.services.deps.repos.items.insertVersion(alpha.tenant.id, item.id, {
      fileName: 'second.mp4',
      fileSize: 1000,
      upload: { state: 'COMPLETE', receivedBytes: 1000, totalBytes: 1000, error: null },
      transcoding: done,
    });
    const versions = createVersionService(t.services.deps, failingAudit);
    await expect(versions.promote(actor, item.id, second.id)).rejects.toThrow(down);
    expect((await stored(item)).leadingVersionId).toBe(item.leadingVersionId);
  });
  it('creates, changes and deletes no metadata form when the audit trail fails', async () => {
    const forms = createMetadataFormService(t.services.deps, failingAudit);
    const keys = async () => (await t.services.metadataForms.list(actor)).map((f) => `${f.form.id}:${f.form.label}`);
    const before = await keys();
    const fields = [{ id: 'f1', fieldId: 'rights_holder', label: 'Rights holder', type: 'Text' }];
    const form = { id: 'rights', label: 'Rights', active: true, views: { item: [] }, fields };
    await expect(forms.create(actor, form, null)).rejects.toThrow(down);
    expect(await keys()).toEqual(before);

    const saved = await t.services.metadataForms.create(actor, form, null);
    const { id, revision } = saved;
    await expect(forms.update(actor, id, revision, { ...form, label: 'Never renamed' }, null)).rejects.toThrow(down);
    await expect(forms.delete(actor, id, null)).rejects.toThrow(down);
    expect((await keys()).sort()).toEqual([...before, 'rights:Rights'].sort());
    expect((await t.services.metadataForms.get(actor, id)).revision).toBe(revision);
  });

  it('keeps every batch of a bulk metadata change that the audit trail cannot record', async () => {
    const metadata = createItemMetadataService(t.services.deps, failingAudit, t.services.metadataForms);
    const items = [await newItem('Bulk one'), await newItem('Bulk two')];
    const input = {
      itemIds: items.map((i) => i.id),
      formId: 'common',
      changes: [{ fieldId: 'description', op: 'set' as const, value: 'Never bulk' }],
    };
    await expect(metadata.bulkUpdate(actor, input, null)).rejects.toThrow(down);
    for (const item of items) expect((await stored(item)).description).toBe('');
  });

  it('imports no metadata from CSV or XMP that the audit trail cannot record', async () => {
    const metadata = createItemMetadataService(t.services.deps, failingAudit, t.services.metadataForms);
    const exchange = createMetadataExchangeService(metadata);
    const items = [await newItem('Import one'), await newItem('Import two')];
    const csv = ['id,description', ...items.map((i) => `${i.id},Never imported`)].join('\n');
    await expect(exchange.importCsv(actor, { formId: 'common', csv }, null)).rejects.toThrow(down);
    for (const item of items) expect((await stored(item)).description).toBe('');

    const xmp = await t.services.metadataExchange.exportXmp(actor, items[0]!.id);
    const changed = xmp.replace('Import one', 'Never imported');
    expect(changed).not.toBe(xmp);
    await expect(exchange.importXmp(actor, items[0]!.id, { formId: 'common', xmp: changed }, null)).rejects.toThrow(
      down,
    );
    expect((await stored(items[0]!)).title).toBe('Import one');
  });

  it('provisions no tenant when the audit trail fails', async () => {
    const operator = { ...actor, isSuperAdmin: true };
    const system = createSystemAdminService(t.services.deps, t.services.apiKeys, failingAudit);
    const input = {
      slug: 'never-made',
      name: 'Never made',
      adminEmail: 'admin@never.test',
      adminPassword: 'Correct-Horse-Battery-Staple-9',
    };
    await expect(system.createTenant(operator, input, null)).rejects.toThrow(down);
    expect(await t.services.deps.repos.tenants.findBySlug('never-made')).toBeUndefined();
  });

  it('mails no invitation and keeps no e-mail history when the audit trail fails', async () => {
    const item = await newItem('Invited clip');
    const share = await t.services.shares.create(actor, { pageTitle: 'Invite', itemIds: [item.id] }, null);
    const request = await t.services.uploadRequests.create(actor, { folderId: root, pageTitle: 'Send it' }, null);
    const sentBefore = t.outbox.length;
    const shares = createShareService(t.services.deps, failingAudit, t.services.folders);
    await expect(shares.invite(actor, { id: share.id, recipients: 'guest@example.test' }, null)).rejects.toThrow(down);
    const requests = createUploadRequestService(t.services.deps, failingAudit);
    await expect(requests.invite(actor, { id: request.id, recipients: 'guest@example.test' }, null)).rejects.toThrow(
      down,
    );
    expect(t.outbox.length).toBe(sentBefore);
    expect(await t.services.shares.emailHistory(actor, share.id)).toEqual([]);
    expect(await t.services.uploadRequests.emails(actor, request.id)).toEqual([]);
  });

  it('spends no one-time code and mails none when the audit trail fails', async () => {
    const s = t.services;
    const failedTasks: unknown[] = [];
    const inline = { run: (_: string, work: () => Promise<void>) => void work().catch((e) => failedTasks.push(e)) };
    const codes = createOneTimeCodeService(s.deps, s.sessions, failingAudit, { ...s.background, ...inline });
    const user = (await s.deps.repos.users.findById(alpha.tenant.id, alpha.admin.id))!;
    const sentBefore = t.outbox.length;
    await codes.requestPasswordReset(
      { organisation: alpha.tenant.slug, email: user.email },
      { ip: null, userAgent: null },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failedTasks.map(String)).toEqual([`Error: ${down}`]);
    expect(t.outbox.length).toBe(sentBefore);
    const now = s.deps.clock();
    expect(await s.deps.repos.authCodes.findLiveForUser(user.tenantId, user.id, 'password_reset', now)).toBeUndefined();

    const meta = { ip: null, userAgent: null };
    const code = await s.codes.issueSignInCode(user, { inviter: 'Test' });
    await expect(codes.signInWithCode(code, meta)).rejects.toThrow(down);
    await expect(s.codes.signInWithCode(code, meta)).resolves.toEqual(expect.any(String));

    const resetToken = 'unspent-reset-token';
    await s.deps.repos.authCodes.insert(user.tenantId, {
      userId: user.id,
      purpose: 'reset_token',
      codeHash: sha256(resetToken),
      expiresAt: new Date(now.getTime() + 600_000),
    });
    const password = 'Never-The-New-Password-7';
    await expect(codes.resetPassword({ resetToken, password }, meta)).rejects.toThrow(down);
    await expect(s.codes.resetPassword({ resetToken, password: 'The-Real-New-Password-8' }, meta)).resolves.toEqual(
      expect.any(String),
    );
  });

  it('cancels no processing run when the audit trail fails on a reprocess or a cancel', async () => {
    const processing = createProcessingService(t.services.deps, t.services.uploads, failingAudit);
    const item = await newItem('Processed');
    const versionId = (await stored(item)).leadingVersionId!;
    const operation = await t.services.deps.repos.operations.insert(alpha.tenant.id, {
      userId: alpha.admin.id,
      kind: 'transcode',
      status: 'queued',
      itemId: item.id,
      versionId,
      title: 'Processed',
    });
    const status = async () => (await t.services.deps.repos.operations.findById(alpha.tenant.id, operation.id))!.status;
    await expect(processing.reprocess(actor, item.id)).rejects.toThrow(down);
    expect(await status()).toBe('queued');
    await expect(processing.cancel(actor, operation.id)).rejects.toThrow(down);
    expect(await status()).toBe('queued');
  });

  it('starts and completes no upload when the audit trail fails', async () => {
    const uploads = createUploadService(t.services.deps, failingAudit, t.services.itemMetadata);
    const tenant = (await t.services.deps.repos.tenants.findById(alpha.tenant.id))!;
    const items = async () => (await t.services.deps.repos.folders.liveItemsIn(alpha.tenant.id, [root])).length;
    const before = await items();
    await expect(uploads.begin(actor, tenant, { fileName: 'never.mp4', size: 10, folderId: root })).rejects.toThrow(
      down,
    );
    expect(await items()).toBe(before);

    const started = await t.services.uploads.begin(actor, tenant, { fileName: 'kept.mp4', size: 10, folderId: root });
    await expect(uploads.complete(alpha.tenant.id, started.versionId, 10)).rejects.toThrow(down);
    const version = await t.services.deps.repos.items.findVersion(alpha.tenant.id, started.versionId);
    expect(version?.upload.state).toBe('PROGRESSING');
  });

  it('creates, changes and deletes no storage location when the audit trail fails', async () => {
    const storages = createStorageService(t.services.deps, failingAudit);
    const names = async () => (await t.services.storages.list(actor)).map((l) => l.name);
    const before = await names();
    const input = {
      name: 'Archive disk',
      description: '',
      kind: 'local' as const,
      types: ['upload' as const],
      defaultTypes: [],
      enableDeletion: true,
      pathPrefix: 'archive-disk',
      bucket: '',
      region: '',
      endpoint: '',
      permissionMethod: 'gateway' as const,
      roleArn: '',
      forcePathStyle: false,
    };
    await expect(storages.create(actor, input, null)).rejects.toThrow(down);
    expect(await names()).toEqual(before);
    const kept = await t.services.storages.create(actor, input, null);
    await expect(storages.update(actor, { ...input, id: kept.id, name: 'Never renamed' }, null)).rejects.toThrow(down);
    await expect(storages.delete(actor, kept.id, null)).rejects.toThrow(down);
    expect(await names()).toEqual([...before, 'Archive disk']);
  });
});
