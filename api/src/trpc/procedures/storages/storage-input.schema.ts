import { storageTypes } from '@mam/db';
import { z } from 'zod';

export const ZStorageType = z.enum(storageTypes);

/** A storage location form; kind-specific rules (bucket for S3, role ARN for roles…) are the service's. */
export const ZStorageInput = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).default(''),
  kind: z.enum(['local', 's3']),
  types: z.array(ZStorageType).max(storageTypes.length),
  defaultTypes: z.array(ZStorageType).max(storageTypes.length).default([]),
  enableDeletion: z.boolean().default(false),
  // Another system replicates this location: it is never a replication source. Absent keeps the stored flag.
  externallyReplicated: z.boolean().optional(),
  pathPrefix: z.string().max(512).default(''),
  bucket: z.string().max(255).default(''),
  region: z.string().max(40).default(''),
  endpoint: z.string().max(2048).default(''),
  permissionMethod: z.enum(['accessKeys', 'role', 'gateway']).default('accessKeys'),
  roleArn: z.string().max(2048).default(''),
  forcePathStyle: z.boolean().default(false),
  // Cold locations only: a local one's restore delays in seconds, an S3 one's storage class.
  restoreStandardSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
  restoreExpressSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
  coldStorageClass: z.enum(['GLACIER', 'DEEP_ARCHIVE']).optional(),
  // Write-only: absent keeps the stored keys, null removes them, a pair replaces them.
  credentials: z
    .object({ accessKeyId: z.string().max(256), secretAccessKey: z.string().max(1024) })
    .nullable()
    .optional(),
});
export type TStorageInputSchema = z.infer<typeof ZStorageInput>;
