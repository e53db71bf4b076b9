/**
 * Archive transfer to S3 (s3rver): a file (2 GiB; BENCH_ARCHIVE_MIB sets its size in MiB) archived from the local
 * online storage through the archive workflow and its activity (REST call → transfer COMPLETE: resumable multipart
 * upload recorded part by part, ETag verification, switch, online copy deleted), as a ratio of throughput to a bare
 * @aws-sdk/lib-storage multipart upload of the same file to the same server with the same part size and queue
 * (target ≥ 0.8). The bare upload runs first, so the archive run pays for any write-back it left behind.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { writeRandomFile } from '@mam/api/testing/random-file';
import { startS3TestServer } from '@mam/workers';
import { createTestApp, createTenant } from '@mam/api/testing/test-app';
import {
  adminActor,
  adminApiKey,
  insertItem,
  rest,
  rootFolderId,
  s3StorageInput,
} from '@mam/api/testing/library-fixtures';

export const ARCHIVE_TARGET_RATIO = 0.8;
const MiB = 1024 * 1024;
const FILE_BYTES = Number(process.env.BENCH_ARCHIVE_MIB ?? 2048) * MiB;
// The S3 storage's defaults: 16 MiB parts, four at once.
const PART_SIZE = 16 * MiB;
const QUEUE_SIZE = 4;
// A client polling the item: every request runs on the thread that uploads (and on PGlite), so polling every 50 ms
// cost the transfer a fifth of that thread; four times a second still times a 2 GiB transfer to within 1 %.
const POLL_MS = 250;

const mbPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

export async function benchArchive(): Promise<string[]> {
  const s3 = await startS3TestServer({ buckets: ['archive', 'bare'] });
  const t = await createTestApp('pglite', { media: true });
  try {
    const alpha = await createTenant(t, 'alpha');
    const apiKey = await adminApiKey(t, alpha);
    const tenantId = alpha.tenant.id;
    const online = await t.services.storages.defaultFor(tenantId, 'upload');
    const archive = await t.services.storages.create(
      await adminActor(t, alpha),
      s3StorageInput('Bench archive', s3, 'archive', ['archive']),
      null,
    );
    const row = await insertItem(t, alpha, {
      title: 'Archive bench',
      folderId: await rootFolderId(t, alpha),
      ownerId: alpha.admin.id,
      storageId: online.id,
      generatedStorageId: online.id,
    });
    const key = `${tenantId}/items/${row.id}/${row.leadingVersionId}/original.mxf`;
    // The built-in local storage keeps its files under DATA_DIR/storage.
    const file = path.join(t.dataDir, 'storage', key);
    await mkdir(path.dirname(file), { recursive: true });
    const sha256 = await writeRandomFile(file, FILE_BYTES);
    await t.services.deps.repos.items.updateVersion(tenantId, row.leadingVersionId!, {
      originalKey: key,
      fileSize: FILE_BYTES,
      sha256,
    });

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const bareStarted = performance.now();
    await new Upload({
      client,
      params: { Bucket: 'bare', Key: 'bench/original.mxf', Body: createReadStream(file) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    }).done();
    const bareMs = performance.now() - bareStarted;
    client.destroy();

    const started = performance.now();
    const response = await rest(t, apiKey, 'POST', `/items/${row.id}/archive`, { storageId: archive.id });
    if (response.status !== 202) throw new Error(`archive refused: ${JSON.stringify(response.body)}`);
    for (;;) {
      const item = (await rest(t, apiKey, 'GET', `/items/${row.id}`)).body as {
        archiveFileTransfer: { state: string; error: string | null } | null;
      };
      const state = item.archiveFileTransfer?.state;
      if (state === 'COMPLETE') break;
      if (state === 'ERROR') throw new Error(`archive failed: ${item.archiveFileTransfer?.error}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const archiveMs = performance.now() - started;
    const version = await t.services.deps.repos.items.findVersion(tenantId, row.leadingVersionId!);
    if (version?.storageId !== archive.id || version.sha256 !== sha256) throw new Error('archive did not verify');

    const ratio = mbPerSecond(FILE_BYTES, archiveMs) / mbPerSecond(FILE_BYTES, bareMs);
    const size = `${(FILE_BYTES / MiB).toFixed(0)} MiB`;
    return [
      `archive transfer of ${size} to S3 (s3rver), workflow      ${mbPerSecond(FILE_BYTES, archiveMs).toFixed(1)} MB/s (${(archiveMs / 1000).toFixed(1)} s)`,
      `bare lib-storage multipart upload of the same file       ${mbPerSecond(FILE_BYTES, bareMs).toFixed(1)} MB/s (${(bareMs / 1000).toFixed(1)} s)`,
      `ratio ${ratio.toFixed(2)} (target ≥ ${ARCHIVE_TARGET_RATIO}) ${ratio >= ARCHIVE_TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
    ];
  } finally {
    await t.dispose();
    await s3.close();
    await rm(t.dataDir, { recursive: true, force: true });
  }
}
