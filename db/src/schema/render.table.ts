import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';

export const renderStates = ['queued', 'rendering', 'processing', 'done', 'failed', 'cancelled'] as const;
export type TRenderState = (typeof renderStates)[number];

/**
 * One central render of a sequence into its placeholder item. The preset is kept by id without a foreign key: a
 * preset deleted later must not take the render's history with it.
 */
export const render = pgTable(
  'render',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    sequenceItemId: uuid('sequence_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    placeholderItemId: uuid('placeholder_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    // The placeholder's version the render fills; its transcode runs on it afterwards.
    placeholderVersionId: uuid('placeholder_version_id').notNull(),
    presetId: uuid('preset_id').notNull(),
    presetName: text('preset_name').notNull(),
    // The request's own first timecode where its preset lets a render override it; null: the preset's.
    startTimecode: text('start_timecode'),
    requestedBy: uuid('requested_by'),
    state: text('state').$type<TRenderState>().notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    error: text('error'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('render_sequence_idx').on(t.tenantId, t.sequenceItemId, sql`${t.createdAt} desc`),
    index('render_placeholder_idx').on(t.tenantId, t.placeholderItemId),
  ],
);
