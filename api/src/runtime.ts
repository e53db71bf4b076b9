import path from 'node:path';
import { createRepositories, type DatabaseHandle } from '@mam/db';
import { createMailer } from '@mam/workers';
import { createElasticsearchBackend, type ElasticsearchBackend } from '@mam/search';
import type { WorkflowEngine } from '@mam/workflows';
import type { Logger } from 'pino';
import type { TEnv } from './config/env';
import { createSecretBox, loadSecretKey } from './security/secret-box';
import { createServices, type Services } from './services';
import { knownFeatureFlags } from './services/system-admin.service';
import { provisionTenant } from './services/tenant-provisioning.service';
import { randomToken } from './security/tokens';

export function publicUrlOf(env: TEnv): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The services of one process (server or CLI) over an open database. */
export function createRuntimeServices(
  env: TEnv,
  handle: DatabaseHandle,
  logger: Logger,
  workflows?: WorkflowEngine,
  searchBackend?: ElasticsearchBackend,
): Services {
  return createServices({
    db: handle.db,
    repos: createRepositories(handle.db),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, 'outbox'),
      logger,
    }),
    secretBox: createSecretBox(loadSecretKey(env.SECRET_KEY, env.DATA_DIR)),
    clock: () => new Date(),
    logger,
    workflows,
    searchBackend,
    config: {
      publicUrl: publicUrlOf(env),
      publicUrlSet: env.PUBLIC_URL !== undefined,
      sessionTtlHours: env.SESSION_TTL_HOURS,
      dataDir: env.DATA_DIR,
      storagePrivateEndpoints: env.STORAGE_PRIVATE_ENDPOINTS,
      liveSourceNetworks: env.LIVE_SOURCE_ALLOWED_NETWORKS,
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      uploadAbandonedHours: env.UPLOAD_ABANDONED_HOURS,
      lifecycleIntervalMs: env.LIFECYCLE_RULES_INTERVAL_MINUTES * 60 * 1000,
      temporalUi: env.TEMPORAL_UI_URL ? { url: env.TEMPORAL_UI_URL, namespace: env.TEMPORAL_NAMESPACE } : undefined,
    },
  });
}

export interface SeedResult {
  tenantSlug: string;
  adminEmail: string;
  /** Only on the first start, and only when the password was generated. */
  generatedPassword: string | null;
  created: boolean;
}

/** First start: the demo tenant and its administrator. Later starts find them and change nothing. */
export async function seedDemoTenant(env: TEnv, services: Services): Promise<SeedResult> {
  const { repos } = services.deps;
  for (const flag of knownFeatureFlags) await repos.featureFlags.insertIfMissing(flag.id, flag.description);
  const adminEmail = env.ADMIN_EMAIL ?? 'admin@demo.local';
  if (await repos.tenants.findBySlug('demo')) {
    return { tenantSlug: 'demo', adminEmail, generatedPassword: null, created: false };
  }
  const generatedPassword = env.ADMIN_PASSWORD ? null : randomToken(12);
  await provisionTenant(services.deps, {
    slug: 'demo',
    name: 'Demo',
    adminEmail,
    adminPassword: env.ADMIN_PASSWORD ?? generatedPassword!,
    adminIsSuperAdmin: true,
  });
  return { tenantSlug: 'demo', adminEmail, generatedPassword, created: true };
}

/** The Elasticsearch backend when ELASTICSEARCH_URL is set; the product searches PostgreSQL otherwise. */
export function searchBackendOf(env: TEnv): ElasticsearchBackend | undefined {
  return env.ELASTICSEARCH_URL
    ? createElasticsearchBackend({ node: env.ELASTICSEARCH_URL, indexPrefix: env.ELASTICSEARCH_INDEX_PREFIX })
    : undefined;
}
