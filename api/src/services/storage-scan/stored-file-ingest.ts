import path from 'node:path';
import { initiatedProcess } from '@mam/core';
import type { Repositories } from '@mam/db';
import type { AuditService } from '../audit.service';
import type { ProcessingService } from '../items/processing.service';
import { titleFromFileName } from '../items/upload.service';

/** A file lying in a storage location, to be made an item of where it lies. */
export interface TStoredFile {
  tenantId: string;
  storageId: string;
  key: string;
  size: number;
  folderId: string;
  /** Who the item is made for (its creator and owner): whoever set up the scan or watch folder. */
  createdBy: string | null;
  /** Records the file as ingested; false when it was already (the caller's unique key): nothing is made then. */
  claim(tx: Repositories): Promise<boolean>;
  /** Ties the claim to the item made. */
  link(tx: Repositories, itemId: string): Promise<void>;
  /** What the audit event says about where the file came from. */
  details: Record<string, unknown>;
}

/**
 * Ingest of a file already in storage (storage scans, watch folders): the file is claimed and its item made in one
 * transaction, so work run again after a crash finds it claimed. Processing starts after the commit; a restart in
 * between is caught up by the processing service's resume.
 */
export function createStoredFileIngest(audit: AuditService, processing: Pick<ProcessingService, 'startTranscode'>) {
  return async function ingestStoredFile(file: TStoredFile): Promise<boolean> {
    const fileName = path.posix.basename(file.key);
    const created = await audit.change(
      { tenantId: file.tenantId },
      null,
      async (tx) => {
        if (!(await file.claim(tx))) return null;
        const made = await tx.items.insertWithVersion(
          file.tenantId,
          {
            folderId: file.folderId,
            title: titleFromFileName(fileName),
            createdBy: file.createdBy,
            ownerId: file.createdBy,
          },
          {
            fileName,
            fileSize: file.size,
            storageId: file.storageId,
            originalKey: file.key,
            upload: { state: 'COMPLETE', receivedBytes: file.size, totalBytes: file.size, error: null },
            transcoding: initiatedProcess(),
            createdBy: file.createdBy,
          },
        );
        await file.link(tx, made.item.id);
        return made;
      },
      (made) =>
        made
          ? {
              action: 'item.ingestedFromStorage',
              targetType: 'item',
              targetId: made.item.id,
              subject: file.key,
              summary: `Ingested ${file.key} from storage`,
              details: { ...file.details, storageId: file.storageId, key: file.key, size: file.size },
            }
          : [],
    );
    if (!created) return false;
    await processing.startTranscode(file.tenantId, created.version.id, file.createdBy);
    return true;
  };
}
