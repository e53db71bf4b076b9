import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';

/** What a location is used for (spec section 3): uploads, archive, export, generated media, cold storage. */
export const storageTypes = ['upload', 'archive', 'export', 'generated', 'cold'] as const;
export type TStorageType = (typeof storageTypes)[number];

export type TStorageKind = 'local' | 's3';

/** Access keys, the server's role (assuming `roleArn`), or an S3-compatible gateway with access keys. */
export type TStoragePermissionMethod = 'accessKeys' | 'role' | 'gateway';

/** Where the objects are; secrets are not here (see `encrypted_secret`). */
export interface TStorageLocationConfig {
  /** Local: a folder under the data directory's storage folder. Object storage: a key prefix in the bucket. */
  pathPrefix: string;
  bucket?: string;
  region?: string;
  endpoint?: string | null;
  permissionMethod?: TStoragePermissionMethod;
  roleArn?: string | null;
  forcePathStyle?: boolean;
  /**
   * Cold locations: how long a local one takes to make an object readable per restore tier (seconds), and the
   * storage class an S3 one writes objects in. Defaults apply when absent.
   */
  restoreDelays?: { standardSeconds: number; expressSeconds: number };
  coldStorageClass?: 'GLACIER' | 'DEEP_ARCHIVE';
}

export const storageLocation = pgTable(
  'storage_location',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<TStorageKind>().notNull(),
    types: text('types').array().$type<TStorageType[]>().notNull().default([]),
    // The types new files of that type go to here; one location per type per tenant (kept so by the service).
    defaultTypes: text('default_types').array().$type<TStorageType[]>().notNull().default([]),
    config: jsonb('config').$type<TStorageLocationConfig>().notNull(),
    // Access key id and secret key, sealed with the server's secret box; write-only for clients.
    encryptedSecret: text('encrypted_secret'),
    enableDeletion: boolean('enable_deletion').notNull().default(false),
    // Another system already replicates this location (e.g. the bucket's own cross-region replication): the
    // product's replication never takes it as a source.
    externallyReplicated: boolean('externally_replicated').notNull().default(false),
    // The "Local storage" every tenant gets; it cannot be deleted or moved.
    builtIn: boolean('built_in').notNull().default(false),
    // Bumped on every change, so cached clients of a location are rebuilt when its settings change.
    revision: integer('revision').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_location_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('storage_location_tenant_built_in_unique')
      .on(t.tenantId)
      .where(sql`${t.builtIn}`),
    index('storage_location_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
