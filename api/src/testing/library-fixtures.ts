import type { Access } from '@mam/core';
import type { TItemRow } from '@mam/db';
import { loadActor, type AuthedActor } from '../services/actor.service';
import type { THistoryEvent } from '../services/items/item-library.service';
import type { TStorageInput } from '../services/storage.service';
import type { TTestBackend } from '@mam/db/testing';
import { createTenant, createTestApp, TrpcClient, type TestApp, type TestAppOptions } from './test-app';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

export interface TMember {
  id: string;
  email: string;
  actor: AuthedActor;
  client: TrpcClient;
}

export async function adminActor(t: TestApp, tenant: Tenant): Promise<AuthedActor> {
  return loadActor(t.services.deps, tenant.admin);
}

export async function signedInAdmin(t: TestApp, tenant: Tenant): Promise<TrpcClient> {
  const client = new TrpcClient(t.app);
  await client.login(tenant.tenant.slug, tenant.adminEmail, tenant.adminPassword);
  return client;
}

/**
 * A signed-in user of the tenant. Every user is in the organisation group (default grants); `permissions` adds a
 * group of its own with those settings.
 */
export async function addMember(
  t: TestApp,
  tenant: Tenant,
  name: string,
  permissions?: Record<string, boolean>,
): Promise<TMember> {
  const admin = await adminActor(t, tenant);
  const groupIds = permissions
    ? [(await t.services.groups.create(admin, { name: `${name} group`, permissions }, null)).id]
    : [];
  const email = `${name}@${tenant.tenant.slug}.test`;
  const password = `${name}-password-1`;
  const user = await t.services.users.create(admin, { email, name, password, groupIds }, null);
  const client = new TrpcClient(t.app);
  await client.login(tenant.tenant.slug, email, password);
  const row = await t.services.deps.repos.users.findById(tenant.tenant.id, user.id);
  return { id: user.id, email, actor: await loadActor(t.services.deps, row!), client };
}

/** Sets the organisation group's explicit permissions (e.g. `{ update: false }` takes a default grant away). */
export async function setEveryonePermissions(t: TestApp, tenant: Tenant, permissions: Record<string, boolean>) {
  const organisation = await t.services.deps.repos.groups.findByKind(tenant.tenant.id, 'organisation');
  await t.services.groups.setPermissions(await adminActor(t, tenant), { id: organisation!.id, permissions }, null);
}

export async function groupIdByKind(t: TestApp, tenant: Tenant, kind: 'organisation' | 'administrators') {
  return (await t.services.deps.repos.groups.findByKind(tenant.tenant.id, kind))!.id;
}

export async function adminApiKey(t: TestApp, tenant: Tenant): Promise<string> {
  const { secret } = await t.services.apiKeys.create(
    await adminActor(t, tenant),
    { label: `rest ${Math.random()}`, expiresAt: null, maxUnusedDays: null },
    null,
  );
  return secret;
}

/** An item's History as the client sees it, newest first. */
export async function itemHistory(client: TrpcClient, itemId: string): Promise<THistoryEvent[]> {
  const result = await client.query<THistoryEvent[]>('items.history', { itemId });
  if (!result.ok) throw new Error(result.code);
  return result.data;
}

export async function rootFolderId(t: TestApp, tenant: Tenant): Promise<string> {
  return (await t.services.deps.repos.folders.findRoot(tenant.tenant.id))!.id;
}

/** A processed item straight in the database (the upload pipeline is not what these tests are about). */
export async function insertItem(
  t: TestApp,
  tenant: Tenant,
  values: {
    title: string;
    folderId: string | null;
    ownerId: string | null;
    createdBy?: string | null;
    visibleTo?: Access | null;
    updatableBy?: Access | null;
    storageId?: string | null;
    generatedStorageId?: string | null;
  },
): Promise<TItemRow> {
  const done = { state: 'COMPLETE' as const, error: null, enabled: true, progress: 100, step: null };
  const { item } = await t.services.deps.repos.items.insertWithVersion(
    tenant.tenant.id,
    {
      title: values.title,
      folderId: values.folderId,
      ownerId: values.ownerId,
      createdBy: values.createdBy === undefined ? values.ownerId : values.createdBy,
      visibleTo: values.visibleTo ?? null,
      updatableBy: values.updatableBy ?? null,
      itemType: 'video',
    },
    {
      fileName: `${values.title}.mp4`,
      fileSize: 1000,
      upload: { state: 'COMPLETE', receivedBytes: 1000, totalBytes: 1000, error: null },
      transcoding: done,
      storageId: values.storageId ?? null,
      generatedStorageId: values.generatedStorageId ?? null,
    },
  );
  return item;
}

/** An /api/v1 call with an API key. */
export async function rest(
  t: TestApp,
  key: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    body: (json ? response.json() : {}) as Record<string, unknown>,
    /** The raw body, for CSV and XMP. */
    text: response.body,
  };
}

export interface TTwoTenantLibrary {
  t: TestApp;
  alpha: Tenant;
  bravo: Tenant;
  /** Signed-in administrators of each tenant. */
  admin: TrpcClient;
  bravoAdmin: TrpcClient;
  /** Alpha's root folder. */
  root: string;
}

/** The scene of most library specs: tenants alpha and bravo, each with a signed-in administrator. */
export async function twoTenantLibrary(
  backend: TTestBackend,
  options: TestAppOptions = {},
): Promise<TTwoTenantLibrary> {
  const t = await createTestApp(backend, options);
  const alpha = await createTenant(t, 'alpha');
  const bravo = await createTenant(t, 'bravo');
  return {
    t,
    alpha,
    bravo,
    admin: await signedInAdmin(t, alpha),
    bravoAdmin: await signedInAdmin(t, bravo),
    root: await rootFolderId(t, alpha),
  };
}

/** A local storage location's input: `types` says what it is for, `pathPrefix` keeps its files apart. */
export function localStorageInput(name: string, pathPrefix: string, types: TStorageInput['types']): TStorageInput {
  return {
    name,
    description: '',
    kind: 'local',
    types,
    defaultTypes: [],
    enableDeletion: true,
    pathPrefix,
    bucket: '',
    region: '',
    endpoint: '',
    permissionMethod: 'accessKeys',
    roleArn: '',
    forcePathStyle: false,
  };
}

/** An S3 location's input for a test server (s3rver): path-style, its keys, in `bucket` under `pathPrefix`. */
export function s3StorageInput(
  name: string,
  server: { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } },
  bucket: string,
  types: TStorageInput['types'],
): TStorageInput {
  return {
    name,
    description: '',
    kind: 's3',
    types,
    defaultTypes: [],
    enableDeletion: true,
    pathPrefix: 'mam',
    bucket,
    region: 'eu-north-1',
    endpoint: server.endpoint,
    permissionMethod: 'gateway',
    roleArn: '',
    forcePathStyle: true,
    credentials: { ...server.credentials },
  };
}
