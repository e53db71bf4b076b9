/** The replication setting a run copies for. */
export interface ReplicationInput {
  tenantId: string;
  settingId: string;
}

/** One round's work: the versions still to copy, dealt into the setting's shards. */
export interface ReplicationPlan {
  shards: string[][];
  /** More is waiting than one round takes: the next round starts at once. */
  more: boolean;
}

export interface ReplicationShardResult {
  copied: number;
  failed: number;
}

/**
 * The replication workflow's activities, implemented in @mam/workers. Copies are recorded per version, so a shard
 * run again after a crash skips what it finished and never copies a version twice.
 */
export interface ReplicationActivities {
  /** Null when the setting is gone or disabled: the run ends. */
  planReplicationRound(input: ReplicationInput): Promise<ReplicationPlan | null>;
  /** Copies each version's media verified and records it; a failure is recorded and tried again next round. */
  replicateShard(input: ReplicationInput & { versionIds: string[] }): Promise<ReplicationShardResult>;
  finishReplicationRound(input: ReplicationInput & { copied: number }): Promise<void>;
}
