import { MAX_REPLICATION_SHARDS, MIN_REPLICATION_SHARDS, replicationStages } from '@mam/core';
import { z } from 'zod';

/** A replication setting form; which locations may be paired is the service's rule. */
export const ZReplicationInput = z.object({
  sourceStorageId: z.uuid(),
  targetStorageId: z.uuid(),
  stage: z.enum(replicationStages).default('original'),
  shardCount: z.number().int().min(MIN_REPLICATION_SHARDS).max(MAX_REPLICATION_SHARDS).default(1),
  enabled: z.boolean().default(true),
  // Write-only: absent keeps the stored token, null removes it.
  apiToken: z.string().max(4096).nullable().optional(),
});
export type TReplicationInputSchema = z.infer<typeof ZReplicationInput>;
