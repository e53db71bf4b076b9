import path from 'node:path';
import { AppError, assertCan, type AppIssue, isUuid } from '@mam/core';
import {
  isUniqueViolation,
  storageTypes,
  type Repositories,
  type TStorageKind,
  type TStorageLocationConfig,
  type TStorageLocationInsert,
  type TStorageLocationRow,
  type TStoragePermissionMethod,
  type TStorageType,
} from '@mam/db';
import {
  assumeRoleCredentials,
  createLocalColdStorage,
  createLocalStorage,
  createS3Storage,
  DEFAULT_COLD_DELAYS,
  endpointIsPermitted,
  isStorageError,
  normalizePathPrefix,
  s3RestoreEstimateMs,
  scopeStorage,
  type ObjectStorage,
  type TStorageErrorReason,
} from '@mam/workers';
import type { AuthedActor } from './actor.service';
import type { AuditEntry, AuditService } from './audit.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export { storageTypes, type TStorageType };

/** The location every tenant starts with: files under `<DATA_DIR>/storage/<tenantId>/…`. */
export const builtInLocalStorage: TStorageLocationInsert = {
  name: 'Local storage',
  description: '',
  kind: 'local',
  types: ['upload', 'generated'],
  defaultTypes: [],
  config: { pathPrefix: '' },
  enableDeletion: true,
  builtIn: true,
};

/**
 * The archive location every tenant starts with (migration 0036 adds it to older tenants): files under
 * `<DATA_DIR>/storage/archive/<tenantId>/…`, apart from the online ones, so archiving works out of the box.
 */
export const localArchiveStorage: TStorageLocationInsert = {
  name: 'Local archive',
  description: '',
  kind: 'local',
  types: ['archive'],
  defaultTypes: [],
  config: { pathPrefix: 'archive' },
  enableDeletion: true,
};

/**
 * The cold location every tenant starts with (migration 0043 adds it to older tenants): files under
 * `<DATA_DIR>/storage/cold/<tenantId>/…` that read back only after a restore's delay, so the whole lifecycle (archive
 * to cold, restore) works without a cloud.
 */
export const localColdStorage: TStorageLocationInsert = {
  name: 'Local cold storage',
  description: '',
  kind: 'local',
  types: ['cold'],
  defaultTypes: [],
  config: { pathPrefix: 'cold' },
  enableDeletion: true,
};

/** A location as administrators see it: everything but the secrets, which are only reported as set. */
export interface TStorageView {
  id: string;
  name: string;
  description: string;
  kind: TStorageKind;
  types: TStorageType[];
  defaultTypes: TStorageType[];
  enableDeletion: boolean;
  /** Replicated by another system: never a replication source (spec section 3). */
  externallyReplicated: boolean;
  builtIn: boolean;
  pathPrefix: string;
  bucket: string;
  region: string;
  endpoint: string;
  permissionMethod: TStoragePermissionMethod;
  roleArn: string;
  forcePathStyle: boolean;
  /** Cold locations: a local one's restore delays (seconds) and an S3 one's storage class. */
  restoreStandardSeconds: number;
  restoreExpressSeconds: number;
  coldStorageClass: 'GLACIER' | 'DEEP_ARCHIVE';
  credentialsSet: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a form sends. Credentials are write-only: undefined keeps the stored ones, null removes them. */
export interface TStorageInput {
  name: string;
  description: string;
  kind: TStorageKind;
  types: TStorageType[];
  defaultTypes: TStorageType[];
  enableDeletion: boolean;
  externallyReplicated?: boolean;
  pathPrefix: string;
  bucket: string;
  region: string;
  endpoint: string;
  permissionMethod: TStoragePermissionMethod;
  roleArn: string;
  forcePathStyle: boolean;
  restoreStandardSeconds?: number;
  restoreExpressSeconds?: number;
  coldStorageClass?: 'GLACIER' | 'DEEP_ARCHIVE';
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
}

export type TStorageTestResult = { ok: true } | { ok: false; reason: TStorageErrorReason; message: string };

interface TSecret {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Facts about a location for server-side callers (e.g. whether purging may delete its files). */
export interface TStorageInfo {
  id: string;
  name: string;
  kind: TStorageKind;
  types: TStorageType[];
  enableDeletion: boolean;
  /** A cold location's expected restore time per tier (ms); null for any other location. */
  restoreEstimateMs: { standard: number; express: number } | null;
}

// S3's own rule is stricter (lowercase, 3–63); gateways accept more, so only what can never be a bucket is refused.
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/;
const REGION = /^[a-z0-9-]{2,40}$/;
const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;

function toView(row: TStorageLocationRow): TStorageView {
  const config = row.config;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    types: row.types,
    defaultTypes: row.defaultTypes,
    enableDeletion: row.enableDeletion,
    externallyReplicated: row.externallyReplicated,
    builtIn: row.builtIn,
    pathPrefix: config.pathPrefix ?? '',
    bucket: config.bucket ?? '',
    region: config.region ?? '',
    endpoint: config.endpoint ?? '',
    permissionMethod: config.permissionMethod ?? 'accessKeys',
    roleArn: config.roleArn ?? '',
    forcePathStyle: config.forcePathStyle ?? false,
    restoreStandardSeconds: config.restoreDelays?.standardSeconds ?? DEFAULT_COLD_DELAYS.standardSeconds,
    restoreExpressSeconds: config.restoreDelays?.expressSeconds ?? DEFAULT_COLD_DELAYS.expressSeconds,
    coldStorageClass: config.coldStorageClass ?? 'GLACIER',
    credentialsSet: Boolean(row.encryptedSecret),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Storage locations of a tenant (spec section 3): CRUD for tenant administrators, and the ObjectStorage behind a
 * location for the media pipeline. Access keys are sealed at rest and never leave the server.
 */
export function createStorageService(deps: ServiceDeps, audit: AuditService) {
  const storageRoot = path.join(deps.config.dataDir, 'storage');
  // One client per location, rebuilt when the location's revision changes.
  const cache = new Map<string, { revision: number; storage: ObjectStorage; destroy: () => void }>();
  const tenantsWithBuiltIn = new Set<string>();
  const privateEndpoints = deps.config.storagePrivateEndpoints ?? [];

  function openSecret(row: Pick<TStorageLocationRow, 'encryptedSecret'>): TSecret | undefined {
    if (!row.encryptedSecret) return undefined;
    return JSON.parse(deps.secretBox.open(row.encryptedSecret)) as TSecret;
  }

  /** The unscoped storage of a location's settings. */
  function build(
    tenantId: string,
    kind: TStorageKind,
    types: readonly TStorageType[],
    config: TStorageLocationConfig,
    secret: TSecret | undefined,
  ): { storage: ObjectStorage; destroy: () => void } {
    const cold = types.includes('cold');
    if (kind === 'local') {
      const root = path.join(storageRoot, config.pathPrefix ?? '');
      return {
        storage: cold
          ? // Restores finish by the wall clock the workflow's timers run on, never by a test's moved clock.
            createLocalColdStorage({ root, delays: config.restoreDelays })
          : createLocalStorage({ root }),
        destroy: () => undefined,
      };
    }
    const region = config.region || 'us-east-1';
    const credentials =
      config.permissionMethod === 'role'
        ? assumeRoleCredentials({ roleArn: config.roleArn ?? '', externalId: tenantId, region })
        : secret;
    const storage = createS3Storage({
      endpoint: config.endpoint || undefined,
      region,
      bucket: config.bucket ?? '',
      prefix: config.pathPrefix ?? '',
      credentials,
      forcePathStyle: config.forcePathStyle ?? false,
      coldStorageClass: cold ? (config.coldStorageClass ?? 'GLACIER') : undefined,
      // Checked again at every connection: a name that resolved to a public address when saved may not now.
      privateEndpoints,
    });
    return { storage, destroy: storage.destroy };
  }

  /** The local location's configured delays; for S3 the longest AWS documents for the class and tier. */
  function restoreEstimateOf(row: TStorageLocationRow): TStorageInfo['restoreEstimateMs'] {
    if (!row.types.includes('cold')) return null;
    if (row.kind === 's3') {
      const storageClass = row.config.coldStorageClass ?? 'GLACIER';
      return {
        standard: s3RestoreEstimateMs('standard', storageClass),
        express: s3RestoreEstimateMs('express', storageClass),
      };
    }
    const delays = row.config.restoreDelays ?? DEFAULT_COLD_DELAYS;
    return { standard: delays.standardSeconds * 1000, express: delays.expressSeconds * 1000 };
  }

  function storageOf(row: TStorageLocationRow): ObjectStorage {
    const cached = cache.get(row.id);
    if (cached?.revision === row.revision) return cached.storage;
    cached?.destroy();
    const built = build(row.tenantId, row.kind, row.types, row.config, openSecret(row));
    const storage = scopeStorage(built.storage, `${row.tenantId}/`);
    cache.set(row.id, { revision: row.revision, storage, destroy: built.destroy });
    return storage;
  }

  function evict(id: string) {
    cache.get(id)?.destroy();
    cache.delete(id);
  }

  /** Tenants made before storage locations existed get their built-in location the first time it is needed. */
  async function ensureBuiltIn(tenantId: string) {
    if (tenantsWithBuiltIn.has(tenantId)) return;
    if (await deps.repos.storageLocations.ensureBuiltIn(tenantId, builtInLocalStorage))
      tenantsWithBuiltIn.add(tenantId);
  }

  async function findOwn(tenantId: string, id: string): Promise<TStorageLocationRow> {
    const row = isUuid(id) ? await deps.repos.storageLocations.findById(tenantId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Checks a form against the rules of its kind and turns it into stored settings. `previous` is the location
   * being edited (its credentials are kept unless replaced).
   */
  async function normalize(
    input: TStorageInput,
    previous: TStorageLocationRow | undefined,
  ): Promise<{ values: Omit<TStorageLocationInsert, 'builtIn'>; secret: TSecret | undefined }> {
    const issues: AppIssue[] = [];
    const issue = (field: string, message: string) => issues.push({ path: field, code: 'VALIDATION_FAILED', message });
    const types = storageTypes.filter((t) => input.types.includes(t));
    const defaultTypes = storageTypes.filter((t) => input.defaultTypes.includes(t));
    if (types.length === 0) issue('types', 'Choose at least one use.');
    if (defaultTypes.some((t) => !types.includes(t))) issue('defaultTypes', 'A default must be one of its uses.');
    const pathPrefix = normalizePathPrefix(input.pathPrefix.trim());
    if (pathPrefix === null) issue('pathPrefix', 'The path prefix must be a relative path without "..".');

    if (previous?.builtIn && (input.kind !== 'local' || pathPrefix !== '')) throw new AppError('STORAGE_BUILT_IN');

    let config: TStorageLocationConfig;
    let secret: TSecret | undefined;
    if (input.kind === 'local') {
      // Tenant folders sit at the top of the storage folder, named by tenant id: a prefix cannot take one's place.
      if (pathPrefix && isUuid(pathPrefix.split('/')[0]!)) {
        issue('pathPrefix', 'The path prefix cannot start with an id.');
      }
      config = { pathPrefix: pathPrefix ?? '' };
      secret = undefined;
    } else {
      const method = input.permissionMethod;
      const bucket = input.bucket.trim();
      const region = input.region.trim() || 'us-east-1';
      const endpoint = input.endpoint.trim();
      const roleArn = input.roleArn.trim();
      if (!BUCKET.test(bucket)) issue('bucket', 'Enter a valid bucket name.');
      if (!REGION.test(region)) issue('region', 'Enter a valid region, such as eu-north-1.');
      if (endpoint) {
        let url: URL | null = null;
        try {
          url = new URL(endpoint);
        } catch {
          url = null;
        }
        if (!url || !['http:', 'https:'].includes(url.protocol)) issue('endpoint', 'Enter an http or https URL.');
        // The server connects there on the tenant's behalf: not to its own network unless the operator allowed it.
        else if (method !== 'role' && !(await endpointIsPermitted(url, privateEndpoints))) {
          issues.push({
            path: 'endpoint',
            code: 'STORAGE_ENDPOINT_PRIVATE',
            message: 'This endpoint is on a private network; the operator has not allowed it.',
          });
        }
      }
      if (method === 'gateway' && !endpoint) issue('endpoint', 'A compatible gateway needs its endpoint URL.');
      // Assumed-role credentials belong to AWS; they are not sent to another endpoint.
      if (method === 'role' && endpoint) issue('endpoint', 'The role method works with AWS itself only.');
      if (method === 'role' && !ROLE_ARN.test(roleArn)) {
        issue('roleArn', 'Enter the role ARN, such as arn:aws:iam::123456789012:role/media.');
      }
      if (method === 'role') {
        secret = undefined;
      } else if (input.credentials) {
        const accessKeyId = input.credentials.accessKeyId.trim();
        const secretAccessKey = input.credentials.secretAccessKey.trim();
        if (!accessKeyId) issue('accessKeyId', 'Enter the access key.');
        if (!secretAccessKey) issue('secretAccessKey', 'Enter the secret key.');
        secret = { accessKeyId, secretAccessKey };
      } else {
        secret = input.credentials === null || !previous ? undefined : openSecret(previous);
        if (!secret) issue('accessKeyId', 'Enter the access key and secret key.');
      }
      config = {
        pathPrefix: pathPrefix ?? '',
        bucket,
        region,
        endpoint: method === 'role' ? null : endpoint || null,
        permissionMethod: method,
        roleArn: method === 'role' ? roleArn : null,
        forcePathStyle: input.forcePathStyle,
      };
    }
    if (types.includes('cold')) {
      const kept = previous?.config;
      config.restoreDelays = {
        standardSeconds:
          input.restoreStandardSeconds ?? kept?.restoreDelays?.standardSeconds ?? DEFAULT_COLD_DELAYS.standardSeconds,
        expressSeconds:
          input.restoreExpressSeconds ?? kept?.restoreDelays?.expressSeconds ?? DEFAULT_COLD_DELAYS.expressSeconds,
      };
      if (input.kind === 's3') config.coldStorageClass = input.coldStorageClass ?? kept?.coldStorageClass ?? 'GLACIER';
    }
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
    return {
      values: {
        name: input.name.trim(),
        description: input.description.trim(),
        kind: input.kind,
        types,
        defaultTypes,
        config,
        encryptedSecret: secret ? deps.secretBox.seal(JSON.stringify(secret)) : null,
        enableDeletion: input.enableDeletion,
        externallyReplicated: input.externallyReplicated ?? previous?.externallyReplicated ?? false,
      },
      secret,
    };
  }

  /** A change and its audit event in one transaction; a taken name reads as CONFLICT. */
  async function changeStorage<T>(
    actor: AuthedActor,
    meta: RequestMeta | null,
    work: (repos: Repositories) => Promise<T>,
    describe: (result: T) => AuditEntry,
  ): Promise<T> {
    try {
      return await audit.change(actor, meta, work, describe);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
  }

  /** Refuses a change that would leave the tenant with nowhere to put uploads or generated media. */
  async function assertRequiredTypesRemain(
    repos: Repositories,
    row: TStorageLocationRow,
    nextTypes: TStorageType[] | null,
  ) {
    for (const [type, code] of [
      ['upload', 'STORAGE_LAST_UPLOAD'],
      ['generated', 'STORAGE_LAST_GENERATED'],
    ] as const) {
      if (!row.types.includes(type) || nextTypes?.includes(type)) continue;
      if ((await repos.storageLocations.countWithType(row.tenantId, type)) <= 1) throw new AppError(code);
    }
  }

  async function runTest(storage: ObjectStorage): Promise<TStorageTestResult> {
    try {
      await storage.test();
      return { ok: true };
    } catch (error) {
      if (isStorageError(error)) return { ok: false, reason: error.reason, message: error.message };
      deps.logger.warn({ err: error }, 'storage connection test failed unexpectedly');
      return { ok: false, reason: 'failed', message: 'The connection test failed.' };
    }
  }

  return {
    async list(actor: AuthedActor): Promise<TStorageView[]> {
      assertCan(actor, 'tenantAdmin');
      await ensureBuiltIn(actor.tenantId);
      return (await deps.repos.storageLocations.list(actor.tenantId)).map(toView);
    },

    async get(actor: AuthedActor, id: string): Promise<TStorageView> {
      assertCan(actor, 'tenantAdmin');
      return toView(await findOwn(actor.tenantId, id));
    },

    async create(actor: AuthedActor, input: TStorageInput, meta: RequestMeta | null): Promise<TStorageView> {
      assertCan(actor, 'tenantAdmin');
      await ensureBuiltIn(actor.tenantId);
      const { values } = await normalize(input, undefined);
      const row = await changeStorage(
        actor,
        meta,
        async (repos) => {
          const created = await repos.storageLocations.insert(actor.tenantId, values);
          await repos.storageLocations.clearDefaults(actor.tenantId, values.defaultTypes ?? [], created.id);
          return created;
        },
        (created) => ({
          action: 'storage.created',
          targetType: 'storage',
          targetId: created.id,
          subject: created.name,
          summary: `Storage location "${created.name}" created`,
          details: { kind: created.kind, types: created.types },
        }),
      );
      return toView(row);
    },

    async update(
      actor: AuthedActor,
      input: TStorageInput & { id: string },
      meta: RequestMeta | null,
    ): Promise<TStorageView> {
      assertCan(actor, 'tenantAdmin');
      const previous = await findOwn(actor.tenantId, input.id);
      const { values } = await normalize(input, previous);
      const row = await changeStorage(
        actor,
        meta,
        async (repos) => {
          await assertRequiredTypesRemain(repos, previous, values.types ?? []);
          const updated = await repos.storageLocations.update(actor.tenantId, previous.id, values);
          if (!updated) throw new AppError('NOT_FOUND');
          await repos.storageLocations.clearDefaults(actor.tenantId, values.defaultTypes ?? [], updated.id);
          return updated;
        },
        (updated) => ({
          action: 'storage.updated',
          targetType: 'storage',
          targetId: updated.id,
          subject: updated.name,
          summary: `Storage location "${updated.name}" changed`,
          details: {
            kind: updated.kind,
            types: updated.types,
            credentialsReplaced: input.credentials !== undefined && updated.kind === 's3',
          },
        }),
      );
      evict(row.id);
      return toView(row);
    },

    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      assertCan(actor, 'tenantAdmin');
      const row = await findOwn(actor.tenantId, id);
      if (row.builtIn) throw new AppError('STORAGE_BUILT_IN');
      await changeStorage(
        actor,
        meta,
        async (repos) => {
          await assertRequiredTypesRemain(repos, row, null);
          const count = await repos.storageLocations.countVersionsUsing(actor.tenantId, row.id);
          if (count > 0) throw new AppError('STORAGE_IN_USE', { params: { count } });
          await repos.storageLocations.delete(actor.tenantId, row.id);
        },
        () => ({
          action: 'storage.deleted',
          targetType: 'storage',
          targetId: row.id,
          subject: row.name,
          summary: `Storage location "${row.name}" deleted`,
        }),
      );
      evict(row.id);
    },

    /**
     * Tries a saved location (`id`), or a form before it is saved (`draft`, with `id` when editing so the stored
     * credentials stand in for blank ones). Failures come back as a reason and a sentence, not as an error.
     */
    async testConnection(
      actor: AuthedActor,
      input: { id?: string; draft?: TStorageInput },
    ): Promise<TStorageTestResult> {
      assertCan(actor, 'tenantAdmin');
      const saved = input.id ? await findOwn(actor.tenantId, input.id) : undefined;
      if (!input.draft) {
        if (!saved) throw new AppError('VALIDATION_FAILED');
        return runTest(storageOf(saved));
      }
      const { values, secret } = await normalize(input.draft, saved);
      const built = build(actor.tenantId, values.kind, values.types ?? [], values.config, secret);
      try {
        return await runTest(built.storage);
      } finally {
        built.destroy();
      }
    },

    /** The storage of one of the tenant's locations; keys outside `<tenantId>/` are refused. NOT_FOUND otherwise. */
    async resolve(tenantId: string, storageId: string): Promise<ObjectStorage> {
      return storageOf(await findOwn(tenantId, storageId));
    },

    /** Where new files of `type` go, with the location's id to record beside them. */
    async defaultFor(tenantId: string, type: TStorageType): Promise<{ id: string; storage: ObjectStorage }> {
      await ensureBuiltIn(tenantId);
      const row = await deps.repos.storageLocations.findDefault(tenantId, type);
      if (!row) throw new AppError('STORAGE_NOT_CONFIGURED', { params: { type } });
      return { id: row.id, storage: storageOf(row) };
    },

    /** Facts about a location for server-side decisions (whether files there may be deleted). */
    async info(tenantId: string, storageId: string): Promise<TStorageInfo> {
      const row = await findOwn(tenantId, storageId);
      return {
        id: row.id,
        name: row.name,
        kind: row.kind,
        types: row.types,
        enableDeletion: row.enableDeletion,
        restoreEstimateMs: restoreEstimateOf(row),
      };
    },

    /** Closes the clients of every cached location (process shutdown). */
    close() {
      for (const id of [...cache.keys()]) evict(id);
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
