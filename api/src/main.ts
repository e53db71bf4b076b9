import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  createRepositories,
  isSocketServed,
  openPglite,
  openPostgres,
  pgliteSocketPath,
  type DatabaseHandle,
} from '@mam/db';
import pino from 'pino';
import { EnvError, parseEnv, type TEnv } from './config/env';
import { createApp } from './http/app';
import { requestLogOptions } from './http/request-log';
import { createCachedHealth } from './http/health-check';
import { createGracefulShutdown } from './http/shutdown';
import { createMediaPipeline } from './media-pipeline';
import { startObservability } from './observability/observability';
import { isLocalListenHost } from './http/link-base';
import { createRuntimeServices, publicUrlOf, searchBackendOf, seedDemoTenant } from './runtime';
import { createSearchIndexer } from './services/search/search-indexer';

const version = '0.1.0';

async function openOwnedDatabase(
  env: TEnv,
  logger: pino.Logger,
): Promise<{ handle: DatabaseHandle; stop: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const handle = await openPostgres(env.DATABASE_URL);
    return { handle, stop: () => handle.close() };
  }
  const socketPath = pgliteSocketPath(env.DATA_DIR);
  if (await isSocketServed(socketPath)) {
    throw new Error(`Another MAM server is already running on ${env.DATA_DIR}. Stop it first, or set DATA_DIR.`);
  }
  // A socket file nobody answers on is left over from a crash.
  rmSync(socketPath, { force: true });
  // In a thread of its own: its statements run synchronously (WebAssembly) and on this event loop they held every
  // request, health checks too, while searches and media work ran (health p99 269 ms under the load bench).
  const handle = await openPglite(env.DATA_DIR, {
    thread: true,
    onThreadExit: (error) => {
      logger.fatal({ err: error }, 'the embedded database stopped; the server cannot go on without it');
      console.error(`${error.message} The server stops; start it again (the database recovers its last commit).`);
      process.exit(1);
    },
  });
  // The CLI and other processes reach the embedded database through this socket while we own it.
  const stopSocket = await handle.serveSocket(socketPath);
  logger.info({ socketPath }, 'embedded database served on a unix socket');
  return {
    handle,
    stop: async () => {
      await stopSocket();
      await handle.close();
    },
  };
}

async function main() {
  let env: TEnv;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const startedAt = performance.now();
  const logger = pino(requestLogOptions(env.LOG_LEVEL));
  mkdirSync(env.DATA_DIR, { recursive: true });

  const { handle, stop } = await openOwnedDatabase(env, logger);
  await handle.migrate();
  // The engine's activities use the storage service, which is built with the engine: resolved once both exist.
  const pipeline = await createMediaPipeline({
    db: handle.db,
    repos: createRepositories(handle.db),
    dataDir: env.DATA_DIR,
    temporalAddress: env.TEMPORAL_ADDRESS,
    temporalNamespace: env.TEMPORAL_NAMESPACE,
    exclusive: !env.DATABASE_URL,
    logger,
    storages: () => services.storages,
    notifications: () => services.notifications,
    storageScans: () => services.storageScans,
    watchFolders: () => services.watchFolders,
    liveSources: () => services.liveSources,
    processing: () => services.processing,
    lifecycleRules: () => services.lifecycleRules,
    liveSourceNetworks: env.LIVE_SOURCE_ALLOWED_NETWORKS,
    mediaConcurrency: env.MEDIA_CONCURRENCY,
    taskReminderLeadMs: env.TASK_REMINDER_LEAD_HOURS * 60 * 60 * 1000,
  });
  const searchBackend = searchBackendOf(env);
  const services = createRuntimeServices(env, handle, logger, pipeline.engine, searchBackend);
  const indexer = searchBackend
    ? createSearchIndexer({ repos: services.deps.repos, forms: services.metadataForms, backend: searchBackend, logger })
    : null;
  const seed = await seedDemoTenant(env, services);
  const observability = await startObservability(env, { db: handle.db, services });
  await pipeline.start();
  // Uploads that finished while no engine ran (a crash between the last byte and the start) are handed over now.
  indexer?.start();
  const resumed = await services.processing.resumePending();
  if (resumed > 0) logger.info({ resumed }, 'handed unfinished processing to the workflow engine');
  // Enabled watch folders whose workflow is gone (failed, or handed over while the server stopped) poll again.
  const watching = await services.watchFolders.resumeAll();
  if (watching > 0) logger.info({ watching }, 'watch folders started');

  // Runs survive restarts on their own; this starts one for an enabled setting that has none (a failed follow-up).
  const replications = await services.replications.startEnabled();
  if (replications > 0) logger.info({ replications }, 'replication settings running');

  // Each tenant with lifecycle rules has its scheduled run; one the restart resumed is left as it is.
  await services.lifecycleRules.startAll().catch((error: unknown) => {
    logger.error({ err: error }, 'lifecycle rule runs could not be started');
  });

  const app = await createApp({
    services,
    publicUrl: publicUrlOf(env),
    apiKeyHeader: env.API_KEY_HEADER,
    consoleDist: env.CONSOLE_DIST ?? path.join(path.dirname(require.resolve('@mam/console/package.json')), 'dist'),
    version,
    logger,
    uploadsDir: pipeline.uploadsDir,
    health: createCachedHealth(() => handle.ping(), { freshMs: 1000, maxAgeMs: 5000 }),
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
  });
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const port = new URL(address).port;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;

  const banner = [
    '',
    `  MAM is running at ${url}`,
    `  Database: ${handle.description}`,
    `  Search: ${env.ELASTICSEARCH_URL ? `Elasticsearch at ${env.ELASTICSEARCH_URL}` : 'PostgreSQL full-text and trigram'}`,
    `  Organisation: ${seed.tenantSlug}`,
    `  Administrator: ${seed.adminEmail}`,
    seed.generatedPassword
      ? `  Password: ${seed.generatedPassword}   (shown once; change it under User settings)`
      : seed.created
        ? '  Password: the one in ADMIN_PASSWORD'
        : '  Password: as set at first start (reset with: npm run mam -- user set-password)',
    `  REST API: ${url}/api/docs`,
    '',
  ].join('\n');
  process.stdout.write(banner + '\n');
  if (!env.PUBLIC_URL && !isLocalListenHost(env.HOST))
    logger.warn(
      { host: env.HOST },
      'PUBLIC_URL is not set: links in e-mails (password reset, sign-in codes, notifications) point at localhost, and share links at the address each user opened the console on; set PUBLIC_URL to the address people reach this server at',
    );
  logger.info({ url, port: Number(port), startupMs: Math.round(performance.now() - startedAt) }, 'ready');

  const shutdown = createGracefulShutdown(
    {
      http: app,
      stopWorkers: () => pipeline.stop(),
      closeRest: async () => {
        // Mail that answered requests still owe (reset codes, organisation lists) goes out before the database closes.
        await services.background.idle();
        await indexer?.stop();
        await searchBackend?.close();
        services.storages.close();
        await observability.stop();
        await stop();
      },
      logger,
      exit: (code) => process.exit(code),
    },
    env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  );
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
