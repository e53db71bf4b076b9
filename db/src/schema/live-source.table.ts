import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { folder } from './folder.table';

/** What a recording of the source produces (core's TLiveSourcePipeline). */
export interface TLiveSourcePipelineColumn {
  highRes: 'copy' | { presetId: string };
  proxy: true;
  renderLocationId?: string | null;
}

/**
 * A tenant's live source (spec section 3, issue 25): a feed the server records from. Type and mode decide what the
 * location means (core/src/live); the credentials are sealed with the server's secret box and never leave it.
 */
export const liveSource = pgTable(
  'live_source',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    type: text('type').$type<'srt' | 'rtmp' | 'udp' | 'rtp' | 'hls'>().notNull(),
    mode: text('mode').$type<'caller' | 'listener' | 'push' | 'pull'>().notNull(),
    location: text('location').notNull(),
    cidr: text('cidr').array().notNull().default([]),
    // Passphrase, stream key, user name and password as one sealed JSON document; write-only for clients.
    encryptedCredentials: text('encrypted_credentials'),
    pipeline: jsonb('pipeline').$type<TLiveSourcePipelineColumn>().notNull(),
    folderId: uuid('folder_id').references(() => folder.id, { onDelete: 'set null' }),
    // Listening sources bind a local port: two sources on one would steal each other's feed, whatever the tenant.
    bindKey: text('bind_key'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_source_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('live_source_bind_idx').on(t.bindKey),
    index('live_source_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
