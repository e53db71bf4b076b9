import { AppError } from '../errors/app-error';

/**
 * What a replication copies (spec section 3, "stage"): the high-resolution originals only, or the originals and
 * everything generated from them (proxies, thumbnails, waveforms, HLS) that is stored in the source.
 */
export const replicationStages = ['original', 'all'] as const;
export type TReplicationStage = (typeof replicationStages)[number];

/** Shards copy at once; more than this would only queue behind the activity worker's slots. */
export const MIN_REPLICATION_SHARDS = 1;
export const MAX_REPLICATION_SHARDS = 16;

/** Per-object outcome of a replication: copied and verified, or failed (tried again next round). */
export const replicationObjectStates = ['copied', 'failed'] as const;
export type TReplicationObjectState = (typeof replicationObjectStates)[number];

/** The two ends of a replication as the rules need them. */
export interface TReplicationEnds {
  sourceId: string;
  targetId: string;
  /** A source another system already replicates is skipped: copying it again would double the bill, not safety. */
  sourceExternallyReplicated: boolean;
}

/** Refuses a replication whose ends make no sense; the ends must be the tenant's own (checked by the caller). */
export function assertReplicationEnds(ends: TReplicationEnds): void {
  if (ends.sourceId === ends.targetId) throw new AppError('REPLICATION_SAME_STORAGE');
  if (ends.sourceExternallyReplicated) throw new AppError('REPLICATION_SOURCE_EXTERNAL');
}

export function isReplicationShardCount(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_REPLICATION_SHARDS && value <= MAX_REPLICATION_SHARDS;
}

/**
 * Deals the work out to at most `shardCount` shards, round robin, so shards differ by one object at most and an
 * empty shard is never started. The order inside a shard is the input's.
 */
export function splitIntoShards<T>(work: readonly T[], shardCount: number): T[][] {
  if (!isReplicationShardCount(shardCount)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'shardCount', code: 'VALIDATION_FAILED', message: 'Choose 1 to 16 shards.' }],
    });
  }
  const shards: T[][] = Array.from({ length: Math.min(shardCount, work.length) }, () => []);
  work.forEach((entry, index) => shards[index % shards.length]!.push(entry));
  return shards;
}

/** Progress as the console shows it: copied, still to copy, and failed (to be tried again). */
export interface TReplicationCounts {
  copied: number;
  pending: number;
  failed: number;
}
