import { highresDeletionWaitMs } from '@mam/core';
import type { Repositories } from '@mam/db';
import type { HighresDeletionActivities, HighresDeletionPlan } from '@mam/workflows';
import type { StorageResolver } from './transcode.activities';

export interface HighresDeletionActivityDeps {
  repos: Pick<Repositories, 'highresDeletions' | 'items'>;
  storages: Pick<StorageResolver, 'resolve'>;
  clock: () => Date;
}

/** The high-res deletion workflow's activities: read the schedule as it is now, and delete the originals. */
export function createHighresDeletionActivities(deps: HighresDeletionActivityDeps): HighresDeletionActivities {
  return {
    async planHighresDeletion(input): Promise<HighresDeletionPlan | null> {
      const row = await deps.repos.highresDeletions.find(input.tenantId, input.itemId);
      // A claim an earlier attempt left behind is finished at once rather than waited on.
      if (row?.state === 'deleting') return { at: row.at.toISOString(), waitMs: 0 };
      if (row?.state !== 'scheduled') return null;
      return { at: row.at.toISOString(), waitMs: highresDeletionWaitMs(row.at, deps.clock()) };
    },

    async deleteHighres(input): Promise<boolean> {
      const { tenantId, itemId } = input;
      const claimed = await deps.repos.highresDeletions.claimDue(tenantId, itemId, new Date(input.at), deps.clock());
      if (!claimed) return false;
      // Only the originals: proxies, thumbnails and the rest of the renditions live under the generated storage.
      for (const version of await deps.repos.items.listVersions(tenantId, itemId)) {
        if (!version.storageId || !version.originalKey) continue;
        const storage = await deps.storages.resolve(tenantId, version.storageId);
        await storage.delete(version.originalKey);
        await deps.repos.items.updateVersion(tenantId, version.id, { originalKey: null });
      }
      await deps.repos.highresDeletions.transition(tenantId, itemId, ['deleting'], 'deleted');
      return true;
    },
  };
}
