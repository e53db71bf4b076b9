import { splitIntoShards } from '@mam/core';
import type { Repositories, TReplicationCandidate, TReplicationSettingRow } from '@mam/db';
import { currentActivity, type ReplicationActivities, type ReplicationInput } from '@mam/workflows';
import type { ObjectStorage } from '../storage';
import { copyVerified } from './verified-copy';
import { versionPrefix } from './transcode.activities';

export interface ReplicationActivityDeps {
  repos: Pick<Repositories, 'replications' | 'storageLocations'>;
  storages: { resolve(tenantId: string, storageId: string): Promise<ObjectStorage> };
  /** Versions one round takes at most; the next round starts at once when more are waiting. */
  roundSize?: number;
}

const DEFAULT_ROUND_SIZE = 200;

/** The files a version replicates: its original, and with the "all" stage what was generated from it in the source. */
async function filesOf(
  setting: TReplicationSettingRow,
  version: TReplicationCandidate,
  source: ObjectStorage,
): Promise<Array<{ key: string; sha256: string | null }>> {
  const files = [{ key: version.key, sha256: version.sha256 }];
  if (setting.stage !== 'all' || version.generatedStorageId !== setting.sourceStorageId) return files;
  const prefix = `${versionPrefix({ tenantId: setting.tenantId, itemId: version.itemId, versionId: version.versionId })}/`;
  for (const entry of await source.list(prefix)) {
    if (entry.key !== version.key) files.push({ key: entry.key, sha256: null });
  }
  return files;
}

/** The replication workflow's activities: plan a round, copy a shard verified, record the round. */
export function createReplicationActivities(deps: ReplicationActivityDeps): ReplicationActivities {
  const { repos } = deps;
  const roundSize = deps.roundSize ?? DEFAULT_ROUND_SIZE;

  async function enabledSetting(input: ReplicationInput): Promise<TReplicationSettingRow | null> {
    const setting = await repos.replications.findById(input.tenantId, input.settingId);
    return setting?.enabled ? setting : null;
  }

  return {
    async planReplicationRound(input) {
      const setting = await enabledSetting(input);
      if (!setting) return null;
      const source = await repos.storageLocations.findById(input.tenantId, setting.sourceStorageId);
      // Marked as replicated elsewhere after the setting was made: nothing is copied while it is so.
      if (!source || source.externallyReplicated) return { shards: [], more: false };
      const pending = await repos.replications.pending(setting, roundSize);
      return {
        shards: splitIntoShards(
          pending.map((version) => version.versionId),
          setting.shardCount,
        ),
        more: pending.length === roundSize,
      };
    },

    async replicateShard(input) {
      const setting = await enabledSetting(input);
      if (!setting) return { copied: 0, failed: 0 };
      const activity = currentActivity();
      const [from, to] = await Promise.all([
        deps.storages.resolve(input.tenantId, setting.sourceStorageId),
        deps.storages.resolve(input.tenantId, setting.targetStorageId),
      ]);
      let copied = 0;
      let failed = 0;
      let bytesDone = 0;
      for (const versionId of input.versionIds) {
        // Copied by an earlier attempt of this shard, or gone meanwhile.
        const version = await repos.replications.pendingVersion(setting, versionId);
        if (!version) continue;
        activity.heartbeat({ versionId, bytesDone });
        const outcome = { settingId: setting.id, versionId, key: version.key };
        try {
          let bytes = 0;
          let originalSha256: string | null = null;
          const files = await filesOf(setting, version, from);
          for (const file of files) {
            const result = await copyVerified({
              from,
              fromKey: file.key,
              to,
              toKey: file.key,
              expectedSha256: file.sha256,
              onBytes: (n) => {
                bytesDone += n;
                activity.heartbeat({ versionId, bytesDone });
              },
              signal: activity.signal,
              purpose: 'replication',
            });
            bytes += result.size;
            if (file.key === version.key) originalSha256 = result.sha256;
          }
          await repos.replications.record(input.tenantId, {
            ...outcome,
            state: 'copied',
            files: files.length,
            bytes,
            sha256: originalSha256,
            error: null,
          });
          copied += 1;
        } catch (error) {
          // A stopped activity is not a failed copy: the next attempt or round takes the version again.
          if (activity.signal.aborted) throw error;
          const message = error instanceof Error ? error.message : String(error);
          await repos.replications.record(input.tenantId, {
            ...outcome,
            state: 'failed',
            files: 0,
            bytes: 0,
            sha256: null,
            error: message.slice(0, 1000),
          });
          failed += 1;
        }
      }
      return { copied, failed };
    },

    async finishReplicationRound(input) {
      await repos.replications.recordRound(input.tenantId, input.settingId, input.copied);
    },
  };
}
