import type { ApprovalStatus, MediaItemType, TArchiveTransfer } from '@mam/core';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tsvector } from './search-columns';
import { createdAtColumn, tenantIdColumn } from './columns';
import { folder, type TAccessColumn } from './folder.table';
import { itemVersion } from './item-version.table';

/**
 * Which half of a tenant's items an item falls in for a search split in two (0 or 1): the first bit of its random
 * (version 4) id, so either half holds about half of any set of items. Searches name it exactly so, to use the
 * indexes that carry it.
 */
export const searchHalf = (id: AnyPgColumn | SQL) => sql`(get_byte(uuid_send(${id}), 0) >> 7)`;

/** The items of one search half, written as the word index's halves are (a search must match it to use them). */
export const inSearchHalf = (id: AnyPgColumn | SQL, half: 0 | 1) => sql`${searchHalf(id)} = ${sql.raw(String(half))}`;

export const item = pgTable(
  'item',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: tenantIdColumn(),
    // Items of a deleted folder fall back to the tenant root when restored.
    folderId: uuid('folder_id').references(() => folder.id, { onDelete: 'set null' }),
    // Decided by probing the leading version's content; 'file' until then.
    itemType: text('item_type').$type<MediaItemType>().notNull().default('file'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by'),
    ownerId: uuid('owner_id'),
    visibleTo: jsonb('visible_to').$type<TAccessColumn | null>(),
    updatableBy: jsonb('updatable_by').$type<TAccessColumn | null>(),
    leadingVersionId: uuid('leading_version_id').references((): AnyPgColumn => itemVersion.id, {
      onDelete: 'set null',
    }),
    // The leading version's transcoding state, kept with the item (item.repository writes it with the version) so
    // search filters and counts by state without reading a version per match.
    processingState: text('processing_state'),
    isArchived: boolean('is_archived').notNull().default(false),
    // The last archive or unarchive of its high resolution: state, bytes, and each version's file (null: never).
    archiveTransfer: jsonb('archive_transfer').$type<TArchiveTransfer | null>(),
    // A reviewer's verdict (core's approvalStatuses), with who set it and when; 'none' until someone reviews it.
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('none'),
    approvalSetBy: uuid('approval_set_by'),
    approvalSetAt: timestamp('approval_set_at', { withTimezone: true }),
    // Metadata-form values by fieldId; item_field_value mirrors them for field queries and facets.
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    // Its chosen values (fields of core's wholeValueFieldTypes) as `fieldId U+001F value`, each once, as their value
    // rows' facet_value reads (item.repository writes them with the rows): a search counts every field's facet over
    // its matches from this one column, read with the match (item_search_cover_idx carries it), instead of a look-up
    // of value rows or JSON per match. Typed text stays out: it is found by its words, and would widen the index.
    facetTerms: text('facet_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The same terms lower-cased (`fieldId U+001F lower(value)`): field:value on a choice or checkbox field is a
    // containment test on this, which item_search_cover_idx carries (a broad value reads the index alone) and
    // item_field_keys_idx finds (a rare one), instead of a look-up of value rows per item.
    fieldKeys: text('field_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The search document, kept by PostgreSQL itself so no write path can forget it.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', description), 'B') || setweight(jsonb_to_tsvector('simple', metadata, '["string", "numeric"]'), 'C')`,
    ),
    // The same words as lower-case text for pg_trgm: infix wildcards and fuzzy matches.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(title || ' ' || description || ' ' || jsonb_path_query_array(metadata, 'strict $.*')::text)`,
    ),
    // Non-null while the item is in the recycle bin.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_tenant_folder_idx').on(t.tenantId, t.folderId, t.createdAt),
    index('item_tenant_deleted_idx').on(t.tenantId, t.deletedAt),
    // A search page in date order walks this and stops at its last row instead of sorting every match.
    index('item_tenant_created_idx').on(t.tenantId, t.createdAt),
    // Every search is the tenant's: led by tenant_id (btree_gin), these find its matches alone.
    index('item_search_vector_idx').using('gin', t.tenantId, t.searchVector),
    index('item_search_text_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    // The same words, each search half's apart: on a server a word search finds each half of its matches by a
    // statement of its own, at once, each scanning half the postings and reading half the rows (a half key inside
    // one index would be intersected in full by both).
    ...([0, 1] as const).map((half) =>
      index(`item_search_vector_half${half}_idx`)
        .using('gin', t.tenantId, t.searchVector)
        .where(inSearchHalf(t.id, half)),
    ),
    // title:… queries: words (full-text on the title alone) and wildcards (lower(…) LIKE).
    index('item_title_words_idx').using('gin', t.tenantId, sql`to_tsvector('simple', ${t.title})`),
    index('item_title_trgm_idx').using('gin', t.tenantId, sql`lower(${t.title}) gin_trgm_ops`),
    index('item_field_keys_idx').using('gin', t.tenantId, t.fieldKeys),
    // The item types there are (core's mediaItemTypes; a medium test holds the two together): a search asking for
    // every one of them (the Assets filter) tests no type at all, which a count of tens of thousands of matches feels.
    check('item_approval_status_known', sql`${t.approvalStatus} IN ('none', 'in_review', 'needs_changes', 'approved')`),
    check(
      'item_item_type_known',
      sql`${t.itemType} IN ('video', 'audio', 'image', 'file', 'sequence', 'placeholder', 'live')`,
    ),
    // Also item_search_cover_idx (tenant_id, id) INCLUDE (…) in migrations 0009, 0017, 0019 and 0028, and its narrower
    // twin for counts without field facets, item_search_count_idx (0021, 0028), which drizzle cannot declare.
  ],
);
