import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { folder } from './folder.table';
import { user } from './user.table';

export type TShareType = 'share' | 'upload_request';
export type TShareMetadataAccess = 'none' | 'view' | 'edit';

/**
 * A link for people outside the organisation: a share of items or a folder, or an upload request into a folder
 * (spec section 3, Share). The token is a bearer secret: only its SHA-256 is searchable, and the owner gets the
 * link back from the copy encrypted with the tenant secret box.
 */
export const share = pgTable(
  'share',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    type: text('type').$type<TShareType>().notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    pageTitle: text('page_title').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // Null: unlimited (within the tenant's maximum, when it has one).
    maxViews: integer('max_views'),
    viewsUsed: integer('views_used').notNull().default(0),
    allowDownload: boolean('allow_download').notNull().default(false),
    metadataAccess: text('metadata_access').$type<TShareMetadataAccess>().notNull().default('none'),
    allowComments: boolean('allow_comments').notNull().default(false),
    webProxy: boolean('web_proxy').notNull().default(true),
    editProxy: boolean('edit_proxy').notNull().default(false),
    highRes: boolean('high_res').notNull().default(false),
    // A folder share shows the folder's items at view time; an upload request files uploads into it.
    folderId: uuid('folder_id').references(() => folder.id, { onDelete: 'cascade' }),
    message: text('message'),
    downloads: integer('downloads').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_token_hash_idx').on(t.tokenHash),
    index('share_tenant_creator_idx').on(t.tenantId, t.createdBy, t.createdAt),
  ],
);
