/**
 * Storage scan of 10,000 small files (BENCH_SCAN_FILES sets how many) in a local location, through the scan workflow
 * (REST call → scan completed): items created per second, and the time of a rescan of the unchanged location (target
 * under 10 s; it must create nothing). Each scanned file would start its processing like an upload; that is the
 * transcode bench's subject, so it is not started here (the files are not real media either).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { storageScanWorkflowId } from '@mam/workflows';
import { createTestApp, createTenant } from '@mam/api/testing/test-app';
import { adminApiKey, rest } from '@mam/api/testing/library-fixtures';

export const RESCAN_TARGET_MS = 10_000;
const FILES = Number(process.env.BENCH_SCAN_FILES ?? 10_000);
const PER_FOLDER = 500;

type TScanJson = { id: string; status: string; filesSeen: number; itemsCreated: number; filesSkipped: number };

export async function benchScan(): Promise<string[]> {
  const t = await createTestApp('pglite', { media: true });
  try {
    const alpha = await createTenant(t, 'alpha');
    const apiKey = await adminApiKey(t, alpha);
    t.services.processing.startTranscode = async () => undefined;
    const created = await rest(t, apiKey, 'POST', '/storages', {
      name: 'Incoming',
      kind: 'local',
      types: ['archive'],
      pathPrefix: 'incoming',
    });
    if (created.status !== 201) throw new Error(`location refused: ${JSON.stringify(created.body)}`);
    const storageId = created.body.id as string;
    // Local locations keep each tenant's files under its own id.
    const root = path.join(t.dataDir, 'storage', 'incoming', alpha.tenant.id);
    for (let i = 0; i < FILES; i++) {
      const folder = path.join(root, `day-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}`);
      if (i % PER_FOLDER === 0) await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, `clip-${String(i).padStart(5, '0')}.mp4`), `clip ${i}`);
    }

    async function scan(): Promise<{ ms: number; result: TScanJson }> {
      const started = performance.now();
      const response = await rest(t, apiKey, 'POST', `/storages/${storageId}/scans`, {});
      if (response.status !== 202) throw new Error(`scan refused: ${JSON.stringify(response.body)}`);
      await t.services.deps.workflows!.result(storageScanWorkflowId(alpha.tenant.id, storageId));
      const ms = performance.now() - started;
      const done = await rest(t, apiKey, 'GET', `/storages/${storageId}/scans/${response.body.id as string}`);
      return { ms, result: done.body as unknown as TScanJson };
    }

    const first = await scan();
    if (first.result.itemsCreated !== FILES) throw new Error(`first scan: ${JSON.stringify(first.result)}`);
    const again = await scan();
    const createsNothing = again.result.itemsCreated === 0 && again.result.filesSeen === FILES;
    const ok = again.ms < RESCAN_TARGET_MS && createsNothing;
    return [
      `storage scan of ${FILES} files: ${(FILES / (first.ms / 1000)).toFixed(0)} items created/s (${(first.ms / 1000).toFixed(1)} s)`,
      `rescan: ${(again.ms / 1000).toFixed(1)} s, ${again.result.itemsCreated} items created, ${again.result.filesSkipped} skipped (target < ${RESCAN_TARGET_MS / 1000} s, creates nothing) ${ok ? 'OK' : 'BELOW TARGET'}`,
    ];
  } finally {
    await t.dispose();
  }
}
