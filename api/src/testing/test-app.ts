import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRepositories } from '@mam/db';
import { createTestDatabase, type TestDatabase, type TTestBackend } from '@mam/db/testing';
import type { ElasticsearchBackend } from '@mam/search';
import { LiveNetworks, parsePrivateEndpoints, type Mailer, type MailMessage } from '@mam/workers';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from '../http/app';
import { createMediaPipeline, type MediaPipeline } from '../media-pipeline';
import { createSecretBox } from '../security/secret-box';
import { createServices, type Services } from '../services';
import { provisionTenant } from '../services/tenant-provisioning.service';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  outbox: MailMessage[];
  clock: { now: Date };
  /** A fresh temporary DATA_DIR (local storage lives in its `storage` folder), removed by dispose. */
  dataDir: string;
  /** The workflow runtime: stop then start it to simulate a server restart (running workflows resume). */
  pipeline: MediaPipeline;
  /**
   * Stops the workflow runtime and starts it again on the same database, as a server restart does: an activity
   * attempt that never ended (its process froze) is found lost and retried per its policy.
   */
  restartWorkflows(): Promise<void>;
  dispose(): Promise<void>;
}

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface TestAppOptions {
  /** Run the workflow engine, so uploads are processed (ffmpeg and all). */
  media?: boolean;
  /** Search through this backend (Elasticsearch or a stand-in) instead of PostgreSQL. */
  searchBackend?: ElasticsearchBackend;
  /**
   * STORAGE_PRIVATE_ENDPOINTS as an operator would set it. The storage guard is on in tests too; by default it
   * allows 127.0.0.1, where the S3 test server and the fake OpenID Connect provider listen.
   */
  storagePrivateEndpoints?: string;
  /** LIVE_SOURCE_ALLOWED_NETWORKS as an operator would set it; none by default. */
  liveSourceAllowedNetworks?: string;
  /** A built console to serve (its index.html and files), as CONSOLE_DIST. */
  consoleDist?: string;
  /** MAX_UPLOAD_BYTES as an operator would set it. */
  maxUploadBytes?: number;
  /** LIFECYCLE_RULES_INTERVAL_MINUTES in ms: how often lifecycle rules run; hourly by default. */
  lifecycleIntervalMs?: number;
  /** Where the app, its services and the workflow runtime log (a pino logger); silent by default. */
  logger?: FastifyBaseLogger;
}

/** The real app over a fresh database, with a clock the test can move and an outbox it can read. */
export async function createTestApp(backend: TTestBackend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(backend);
  const outbox: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void outbox.push(m) };
  const clock = { now: new Date() };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mam-test-data-'));
  const pipeline = await createMediaPipeline({
    db: database.db,
    repos: createRepositories(database.db),
    dataDir,
    exclusive: true,
    logger: options.logger ?? silentLogger,
    storages: () => services.storages,
    notifications: () => services.notifications,
    storageScans: () => services.storageScans,
    watchFolders: () => services.watchFolders,
    liveSources: () => services.liveSources,
    processing: () => services.processing,
    lifecycleRules: () => services.lifecycleRules,
    liveSourceNetworks: LiveNetworks.parse(options.liveSourceAllowedNetworks),
    mediaConcurrency: 2,
    clock: () => clock.now,
  });
  const services = createServices({
    db: database.db,
    repos: createRepositories(database.db),
    workflows: pipeline.engine,
    searchBackend: options.searchBackend,
    mailer,
    secretBox: createSecretBox(randomBytes(32)),
    clock: () => clock.now,
    logger: options.logger ?? silentLogger,
    config: {
      publicUrl: 'http://mam.test',
      sessionTtlHours: 24,
      dataDir,
      storagePrivateEndpoints: parsePrivateEndpoints(options.storagePrivateEndpoints ?? '127.0.0.1'),
      maxUploadBytes: options.maxUploadBytes,
      liveSourceNetworks: LiveNetworks.parse(options.liveSourceAllowedNetworks),
      lifecycleIntervalMs: options.lifecycleIntervalMs,
    },
  });
  const app = await createApp({
    services,
    publicUrl: 'http://mam.test',
    apiKeyHeader: 'Authorization',
    version: 'test',
    consoleDist: options.consoleDist,
    logger: options.logger,
    uploadsDir: pipeline.uploadsDir,
    health: () => database.ping(),
  });
  if (options.media) await pipeline.start();
  return {
    app,
    services,
    database,
    outbox,
    clock,
    dataDir,
    pipeline,
    restartWorkflows: async () => {
      await pipeline.stop();
      await pipeline.start();
    },
    dispose: async () => {
      await app.close();
      await pipeline.stop();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTenant(testApp: TestApp, slug: string, superAdmin = false) {
  const adminEmail = `admin@${slug}.test`;
  const adminPassword = `${slug}-secret-password`;
  const { tenant, admin } = await provisionTenant(testApp.services.deps, {
    slug,
    name: slug.toUpperCase(),
    adminEmail,
    adminPassword,
    adminIsSuperAdmin: superAdmin,
  });
  return { tenant, admin, adminEmail, adminPassword };
}

/** A browser-like client: keeps cookies, echoes the CSRF cookie on mutations, speaks tRPC's HTTP shape. */
export class TrpcClient {
  private cookies = new Map<string, string>();
  /** `headers` go with every request (e.g. an X-Forwarded-For it makes up); `remoteAddress` is where it connects from. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {}

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A cookie this client holds, for requests made by hand. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async prime() {
    if (!this.cookies.has('mam_csrf')) this.store(await this.app.inject({ method: 'GET', url: '/api/health' }));
  }

  async query<T = unknown>(path: string, input?: unknown): Promise<TrpcResult<T>> {
    await this.prime();
    const url = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
    const response = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.options.remoteAddress,
      headers: { ...this.options.headers, cookie: this.cookieHeader() },
    });
    this.store(response);
    return toResult<T>(response);
  }

  async mutate<T = unknown>(path: string, input?: unknown, options: { csrf?: boolean } = {}): Promise<TrpcResult<T>> {
    await this.prime();
    const response = await this.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      remoteAddress: this.options.remoteAddress,
      headers: {
        ...this.options.headers,
        cookie: this.cookieHeader(),
        'content-type': 'application/json',
        ...(options.csrf === false ? {} : { 'x-csrf-token': this.cookies.get('mam_csrf') ?? '' }),
      },
      payload: JSON.stringify(input ?? null),
    });
    this.store(response);
    return toResult<T>(response);
  }

  async login(organisation: string, email: string, password: string, mfaCode?: string) {
    const result = await this.mutate<{ status: string }>('auth.login', { organisation, email, password, mfaCode });
    if (!result.ok) throw new Error(`login failed: ${result.code}`);
    return result.data;
  }
}

export type TrpcResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; code: string; message: string; body: unknown };

function toResult<T>(response: LightMyRequestResponse): TrpcResult<T> {
  const body = response.json() as {
    result?: { data: T };
    error?: { message: string; data?: { appError?: { code: string } } };
    code?: string;
    message?: string;
  };
  if (body.result) return { ok: true, status: response.statusCode, data: body.result.data };
  const code = body.error?.data?.appError?.code ?? body.code ?? 'UNKNOWN';
  return { ok: false, status: response.statusCode, code, message: body.error?.message ?? body.message ?? '', body };
}
