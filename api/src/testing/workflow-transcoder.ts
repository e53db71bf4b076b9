import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRepositories, type TItemVersionRow } from '@mam/db';
import { createTestDatabase } from '@mam/db/testing';
import { createSecretBox } from '../security/secret-box';
import { loadActor } from '../services/actor.service';
import { createServices } from '../services';
import { provisionTenant } from '../services/tenant-provisioning.service';
import { transcodeWorkflowId } from '../services/items/processing.service';
import { createMediaPipeline } from '../media-pipeline';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The product's transcode path without HTTP: an embedded database, the storage service, the workflow runtime and
 * its activities. `run` hands a file over as a finished upload and waits for the workflow to finish.
 */
export async function createWorkflowTranscoder(dataDir: string) {
  const database = await createTestDatabase('pglite');
  const repos = createRepositories(database.db);
  const pipeline = await createMediaPipeline({
    db: database.db,
    repos,
    dataDir,
    exclusive: true,
    logger: quiet,
    storages: () => services.storages,
  });
  const services = createServices({
    db: database.db,
    repos: createRepositories(database.db),
    workflows: pipeline.engine,
    mailer: { send: async () => undefined },
    secretBox: createSecretBox(randomBytes(32)),
    clock: () => new Date(),
    logger: quiet,
    config: { publicUrl: 'http://bench.local', sessionTtlHours: 1, dataDir },
  });
  const { tenant, admin } = await provisionTenant(services.deps, {
    slug: 'bench',
    name: 'Bench',
    adminEmail: 'bench@bench.local',
    adminPassword: 'bench-password-1',
  });
  const actor = await loadActor(services.deps, admin);
  await pipeline.start();
  // tus makes this folder when the HTTP server starts; the bench hands files over without one.
  await mkdir(pipeline.uploadsDir, { recursive: true });

  return {
    services,
    actor,
    tenant,
    engine: pipeline.engine,
    /**
     * `watch` sees the version row every `watchMs` (default 50) from the upload's completion until the run ends,
     * with the milliseconds since the completion: the benchmark reads when the item first became playable.
     */
    async run(
      file: string,
      options: { watch?: (version: TItemVersionRow, ms: number) => void; watchMs?: number } = {},
    ): Promise<{ itemId: string }> {
      const { size } = await stat(file);
      const target = await services.uploads.begin(actor, tenant, { fileName: path.basename(file), size });
      await copyFile(file, path.join(pipeline.uploadsDir, target.versionId));
      const version = await services.uploads.complete(tenant.id, target.versionId, size);
      const completedAt = performance.now();
      let watching = Boolean(options.watch);
      const watcher = (async () => {
        while (watching) {
          const row = await repos.items.findVersion(tenant.id, target.versionId);
          if (row) options.watch!(row, performance.now() - completedAt);
          await new Promise((resolve) => setTimeout(resolve, options.watchMs ?? 50));
        }
      })();
      try {
        await services.processing.startTranscode(tenant.id, target.versionId, admin.id);
        await pipeline.engine.result(transcodeWorkflowId(tenant.slug, target.itemId, version!.number));
        return { itemId: target.itemId };
      } finally {
        watching = false;
        await watcher;
      }
    },
    async dispose() {
      await pipeline.stop();
      await database.dispose();
    },
  };
}
