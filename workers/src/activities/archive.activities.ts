import type { TArchiveTransfer, TArchiveTransferFile, TColdRestore } from '@mam/core';
import { inTransaction, type Database, type Repositories, type TItemRow } from '@mam/db';
import {
  ApplicationFailure,
  currentActivity,
  type ArchiveActivities,
  type ArchiveStep,
  type TColdRestoreCheck,
} from '@mam/workflows';
import { isStorageError, type ObjectStorage } from '../storage';
import { copyVerified, type TVerifiedCopy } from './verified-copy';
import { copyResumable, type TUploadJournal } from './resumable-copy';

export interface ArchiveActivityDeps {
  db: Database;
  repos: Repositories;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
  /** Told when a transfer ends, so whoever asked hears of it; a failure here is the caller's to log. */
  onTransferEnded?(event: {
    step: ArchiveStep;
    outcome: 'done' | 'error';
    error: string | null;
    /** The transfer was a restore from a cold location. */
    restore: boolean;
  }): Promise<void>;
  /** The time restore waits are measured against: the wall clock, as the workflow's timers keep it. */
  clock?: () => Date;
}

// A cold location that cannot say when a restore finishes (S3) is asked this often; one that can, just after.
const RESTORE_POLL_EXPRESS_MS = 60 * 1000;
const RESTORE_POLL_STANDARD_MS = 15 * 60 * 1000;
const RESTORE_POLL_MIN_MS = 1000;
const RESTORE_POLL_MAX_MS = 30 * 60 * 1000;

// Progress goes to the item at most this often: a multi-gigabyte copy would otherwise write the row per chunk.
const PROGRESS_INTERVAL_MS = 1000;

/** A missing item or original is nothing a retry mends. */
function gone(message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, 'ArchiveItemGone');
}

/** The archive workflows' activities: plan, copy-verify-switch-delete per file, and the ending bookkeeping. */
export function createArchiveActivities(deps: ArchiveActivityDeps): ArchiveActivities {
  const { repos } = deps;
  const now = deps.clock ?? (() => new Date());

  async function itemOf(step: ArchiveStep): Promise<TItemRow> {
    const item = await repos.items.findById(step.tenantId, step.itemId);
    if (!item) throw gone(`Item ${step.itemId} no longer exists`);
    return item;
  }

  async function transferOf(step: ArchiveStep): Promise<TArchiveTransfer> {
    const transfer = (await itemOf(step)).archiveTransfer;
    if (!transfer || transfer.direction !== step.direction) throw gone('The archive transfer was not planned');
    return transfer;
  }

  async function saveTransfer(step: ArchiveStep, transfer: TArchiveTransfer, repositories = repos) {
    await repositories.items.update(step.tenantId, step.itemId, { archiveTransfer: transfer });
  }

  async function coldOf(step: ArchiveStep, storageId: string) {
    const storage = await deps.storages.resolve(step.tenantId, storageId);
    if (!storage.cold) throw gone('The media is not in a cold storage location');
    return storage.cold;
  }

  /** Asks (or only checks) every file still to move; the latest expected time of them is the transfer's. */
  async function restoreRound(
    step: ArchiveStep,
    ask: (cold: Awaited<ReturnType<typeof coldOf>>, key: string) => Promise<{ ready: boolean; readyAt: Date | null }>,
    tier?: TColdRestore['tier'],
  ): Promise<TColdRestoreCheck> {
    const transfer = await transferOf(step);
    const pending = transfer.files.filter((f) => !f.done);
    const answers = await Promise.all(pending.map(async (f) => ask(await coldOf(step, f.fromStorageId), f.key)));
    const ready = answers.every((a) => a.ready);
    const times = answers.map((a) => a.readyAt?.getTime() ?? null);
    const known = times.filter((t): t is number => t !== null);
    const previous = transfer.restore ?? null;
    const readyAt =
      known.length === times.length && known.length > 0
        ? new Date(Math.max(...known)).toISOString()
        : (previous?.readyAt ?? null);
    const restore: TColdRestore = {
      tier: tier ?? previous?.tier ?? 'standard',
      requestedAt: previous?.requestedAt ?? now().toISOString(),
      readyAt,
      ready,
    };
    await saveTransfer(step, { ...transfer, state: ready ? 'PROGRESSING' : 'INITIATED', restore });
    if (ready) return { ready, waitMs: 0 };
    const untilReady = readyAt ? new Date(readyAt).getTime() - now().getTime() : null;
    const fallback = restore.tier === 'express' ? RESTORE_POLL_EXPRESS_MS : RESTORE_POLL_STANDARD_MS;
    const waitMs =
      untilReady === null
        ? fallback
        : Math.min(RESTORE_POLL_MAX_MS, Math.max(RESTORE_POLL_MIN_MS, Math.ceil(untilReady) + 250));
    return { ready, waitMs };
  }

  /** The durable record of the file's multipart copy, keyed on where it goes. */
  function journalOf(step: ArchiveStep, file: TArchiveTransferFile): TUploadJournal {
    const target = { tenantId: step.tenantId, versionId: file.versionId, storageId: file.toStorageId, key: file.key };
    return {
      find: () => repos.archiveUploads.find(target),
      begin: async (upload) => void (await repos.archiveUploads.begin(target, upload)),
      addPart: (uploadId, part) => repos.archiveUploads.addPart(target, uploadId, part),
      remove: () => repos.archiveUploads.remove(target),
    };
  }

  /**
   * Streams source → target while hashing and verifies the stored copy against the hash. To object storage the copy
   * is a multipart upload recorded part by part, so an attempt after a crash carries on from the stored parts.
   */
  async function copyFile(step: ArchiveStep, file: TArchiveTransferFile, onBytes: (n: number) => void) {
    const [from, to] = await Promise.all([
      deps.storages.resolve(step.tenantId, file.fromStorageId),
      deps.storages.resolve(step.tenantId, file.toStorageId),
    ]);
    const copy: TVerifiedCopy = {
      from,
      fromKey: file.key,
      to,
      toKey: file.key,
      expectedSha256: file.sha256,
      onBytes,
      signal: currentActivity().signal,
      purpose: step.direction,
    };
    try {
      const { sha256 } = to.multipart
        ? await copyResumable({ ...copy, multipart: to.multipart, journal: journalOf(step, file) })
        : await copyVerified(copy);
      return sha256;
    } catch (error) {
      // The transfer's reason is the storage's sentence ("cannot be reached"), not the SDK error under it.
      if (isStorageError(error)) throw ApplicationFailure.retryable(error.message, 'StorageError');
      throw error;
    }
  }

  return {
    async planArchiveTransfer(step) {
      const item = await itemOf(step);
      const current = item.archiveTransfer;
      // A retried or resumed run keeps its plan: finished files are not copied again.
      if (current && current.direction === step.direction && current.files.length > 0 && current.state !== 'COMPLETE') {
        const waiting = current.restore && !current.restore.ready;
        await saveTransfer(step, {
          ...current,
          state: waiting ? 'INITIATED' : 'PROGRESSING',
          error: null,
          enabled: false,
        });
        return { versionIds: current.files.filter((f) => !f.done).map((f) => f.versionId) };
      }
      const versions = (await repos.items.listVersions(step.tenantId, step.itemId)).filter(
        (v) => v.originalKey && v.storageId && v.storageId !== step.storageId,
      );
      const files: TArchiveTransferFile[] = versions.map((v) => ({
        versionId: v.id,
        key: v.originalKey!,
        fromStorageId: v.storageId!,
        toStorageId: step.storageId,
        size: v.fileSize ?? 0,
        sha256: v.sha256,
        done: false,
      }));
      const bytesTotal = files.reduce((sum, f) => sum + f.size, 0);
      // A restore's request (tier, expected time) recorded with the pending transfer stays, and so does its wait.
      const restore = current?.direction === step.direction && current.state !== 'COMPLETE' ? current.restore : null;
      await saveTransfer(step, {
        coldStorage: current?.direction === step.direction ? (current.coldStorage ?? false) : false,
        restore: restore ?? null,
        state: restore && !restore.ready ? 'INITIATED' : 'PROGRESSING',
        direction: step.direction,
        error: null,
        enabled: false,
        storageId: step.storageId,
        bytesDone: 0,
        bytesTotal,
        files,
      });
      return { versionIds: files.map((f) => f.versionId) };
    },

    async transferArchiveFile(step) {
      const transfer = await transferOf(step);
      const file = transfer.files.find((f) => f.versionId === step.versionId);
      if (!file) throw gone(`Version ${step.versionId} is not part of the transfer`);
      if (!file.done) {
        const before = transfer.files.filter((f) => f.done).reduce((sum, f) => sum + f.size, 0);
        let copied = 0;
        let lastWrite = Date.now();
        // Progress writes in order, all landed before the file is marked done (a late one would undo it).
        let progress: Promise<void> = Promise.resolve();
        const sha256 = await copyFile(step, file, (n) => {
          copied += n;
          currentActivity().heartbeat({ bytesDone: before + copied });
          if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastWrite = Date.now();
          const bytesDone = before + copied;
          progress = progress.then(() => saveTransfer(step, { ...transfer, bytesDone })).catch(() => undefined);
        });
        await progress;
        // The version points at the verified copy and the file counts as done in one step: a crash after it
        // deletes the source on the next attempt, a crash before it copies again.
        await inTransaction(deps.db, async (tx) => {
          const latest = (await tx.items.findById(step.tenantId, step.itemId))?.archiveTransfer ?? transfer;
          const files = latest.files.map((f) => (f.versionId === file.versionId ? { ...f, sha256, done: true } : f));
          const bytesDone = files.filter((f) => f.done).reduce((sum, f) => sum + f.size, 0);
          await tx.items.updateVersion(step.tenantId, file.versionId, { storageId: file.toStorageId, sha256 });
          await saveTransfer(step, { ...latest, files, bytesDone }, tx);
        });
      }
      const version = await repos.items.findVersion(step.tenantId, file.versionId);
      // The source goes only once the version reads from the copy, and never the copy it reads.
      if (version?.storageId === file.toStorageId && file.fromStorageId !== file.toStorageId) {
        const from = await deps.storages.resolve(step.tenantId, file.fromStorageId);
        await from.delete(file.key);
      }
    },

    async completeArchiveTransfer(step) {
      const transfer = await transferOf(step);
      await repos.items.update(step.tenantId, step.itemId, {
        isArchived: step.direction === 'archive',
        archiveTransfer: { ...transfer, state: 'COMPLETE', error: null, enabled: true, bytesDone: transfer.bytesTotal },
      });
      await deps.onTransferEnded?.({ step, outcome: 'done', error: null, restore: !!transfer.restore });
    },

    async failArchiveTransfer(step) {
      const item = await repos.items.findById(step.tenantId, step.itemId);
      if (!item?.archiveTransfer) return;
      await saveTransfer(step, { ...item.archiveTransfer, state: 'ERROR', error: step.message, enabled: true });
      await deps.onTransferEnded?.({
        step,
        outcome: 'error',
        error: step.message,
        restore: !!item.archiveTransfer.restore,
      });
    },

    async requestColdRestore(step) {
      return restoreRound(step, (cold, key) => cold.requestRestore(key, step.tier), step.tier);
    },

    async checkColdRestore(step) {
      return restoreRound(step, (cold, key) => cold.restoreStatus(key));
    },
  };
}
