import { mkdirSync } from 'node:fs';
import { createRepositories, openPostgres } from '@mam/db';
import pino from 'pino';
import { EnvError, parseEnv, type TEnv } from './config/env';
import { createMediaPipeline } from './media-pipeline';
import { startObservability } from './observability/observability';
import { createRuntimeServices } from './runtime';

/**
 * A media worker without HTTP: it runs the workflow activities (ffmpeg, storage transfers) next to the api, for a
 * deployment that scales processing apart from serving. It needs what the api shares with it: a PostgreSQL server
 * (the embedded database admits one process) and, usually, Temporal.
 */
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
  if (!env.DATABASE_URL) {
    console.error(
      'DATABASE_URL: a worker shares the api\u2019s PostgreSQL server; the embedded database admits one process.',
    );
    process.exit(1);
  }
  const logger = pino({ level: env.LOG_LEVEL });
  mkdirSync(env.DATA_DIR, { recursive: true });
  const handle = await openPostgres(env.DATABASE_URL);
  // Idempotent; whichever of api and worker starts first brings the schema up to date.
  await handle.migrate();
  const pipeline = await createMediaPipeline({
    db: handle.db,
    repos: createRepositories(handle.db),
    dataDir: env.DATA_DIR,
    temporalAddress: env.TEMPORAL_ADDRESS,
    temporalNamespace: env.TEMPORAL_NAMESPACE,
    exclusive: false,
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
  const services = createRuntimeServices(env, handle, logger, pipeline.engine);
  const observability = await startObservability(env, { db: handle.db, metricsPort: env.METRICS_PORT });
  await pipeline.start();
  logger.info({ temporal: env.TEMPORAL_ADDRESS ?? null }, 'media worker ready');

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await pipeline.stop();
    await observability.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
