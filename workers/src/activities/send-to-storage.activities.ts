import { AUDIT_SUBJECT_KEY, numberedFileName } from '@mam/core';
import type { Repositories, TItemVersionRow } from '@mam/db';
import {
  ApplicationFailure,
  currentActivity,
  type SendToStorageActivities,
  type SendToStorageInput,
  type SendToStorageProgress,
} from '@mam/workflows';
import type { ObjectStorage } from '../storage';
import { copyVerified } from './verified-copy';

export interface SendToStorageActivityDeps {
  repos: Repositories;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
}

/** How many numbered names are tried before the send gives up (a folder of a thousand copies of one title). */
export const MAX_NAME_CHOICES = 1000;

/** A missing item, original or free name is nothing a retry mends. */
function businessFailure(message: string, type: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

/** The send-to-storage workflow's activities: choose a free name, copy verified, record it. */
export function createSendToStorageActivities(deps: SendToStorageActivityDeps): SendToStorageActivities {
  const { repos } = deps;

  async function originalOf(
    input: SendToStorageInput,
  ): Promise<TItemVersionRow & { originalKey: string; storageId: string }> {
    const item = await repos.items.findById(input.tenantId, input.itemId);
    if (!item || item.deletedAt) throw businessFailure(`Item ${input.itemId} no longer exists`, 'SendItemGone');
    const version = await repos.items.findVersion(input.tenantId, input.versionId);
    if (!version?.originalKey || !version.storageId) {
      throw businessFailure('The item has no high resolution to send (deleted meanwhile?)', 'SendItemGone');
    }
    return version as TItemVersionRow & { originalKey: string; storageId: string };
  }

  return {
    async planSendToStorage(input) {
      const version = await originalOf(input);
      const target = await deps.storages.resolve(input.tenantId, input.storageId);
      // Never an existing file's name: the first free one of `name.ext`, `name (2).ext`, `name (3).ext`…
      for (let n = 1; n <= MAX_NAME_CHOICES; n += 1) {
        const fileName = numberedFileName(input.fileName, n, input.maxFileNameLength);
        const key = `${input.tenantId}/${fileName}`;
        if ((await target.head(key)) === null) return { fileName, key, bytesTotal: version.fileSize ?? 0 };
      }
      throw businessFailure(
        `${MAX_NAME_CHOICES} files named like ${input.fileName} are there already; rename the item and send it again`,
        'SendNameTaken',
      );
    },

    async copyToStorage(input) {
      const version = await originalOf(input);
      const [from, to] = await Promise.all([
        deps.storages.resolve(input.tenantId, version.storageId),
        deps.storages.resolve(input.tenantId, input.storageId),
      ]);
      const activity = currentActivity();
      // The name was free when the run chose it. A file there now is another writer's on a first attempt (never
      // overwritten), and this run's own earlier copy on a later one (replaced by this copy).
      if (activity.info.attempt === 1 && (await to.head(input.key)) !== null) {
        throw businessFailure(
          `A file named ${input.fileName} appeared in the storage location meanwhile; it was not overwritten`,
          'SendNameTaken',
        );
      }
      let bytesDone = 0;
      const progress = (): SendToStorageProgress => ({ bytesDone, bytesTotal: input.bytesTotal });
      activity.heartbeat(progress());
      const { sha256, size } = await copyVerified({
        from,
        fromKey: version.originalKey,
        to,
        toKey: input.key,
        expectedSha256: version.sha256,
        onBytes: (n) => {
          bytesDone += n;
          activity.heartbeat(progress());
        },
        signal: activity.signal,
        purpose: 'send to storage',
      });
      return { storageId: input.storageId, fileName: input.fileName, key: input.key, size, sha256 };
    },

    async completeSendToStorage(input) {
      const [item, user, location] = await Promise.all([
        repos.items.findById(input.tenantId, input.itemId),
        input.userId ? repos.users.findById(input.tenantId, input.userId) : Promise.resolve(undefined),
        repos.storageLocations.findById(input.tenantId, input.storageId),
      ]);
      await repos.auditEvents.record(input.tenantId, {
        actorUserId: input.userId,
        actorEmail: user?.email ?? null,
        action: 'item.sent_to_storage',
        targetType: 'item',
        targetId: input.itemId,
        summary: `Sent to storage "${location?.name ?? input.storageId}" as ${input.fileName}`,
        details: {
          storageId: input.storageId,
          storageName: location?.name ?? null,
          versionId: input.versionId,
          fileName: input.fileName,
          key: input.key,
          size: input.size,
          sha256: input.sha256,
          ...(item ? { [AUDIT_SUBJECT_KEY]: item.title } : {}),
        },
      });
    },
  };
}
