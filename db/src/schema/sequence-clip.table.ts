import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';

/**
 * The clips of a sequence item (core's TSequenceClip): ranges of video items in play order. Frames count from the
 * source media's first frame; out_frame is exclusive. A clip of a virtual clip is stored as its source's range.
 */
export const sequenceClip = pgTable(
  'sequence_clip',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    sequenceItemId: uuid('sequence_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // A source purged for good takes its clips with it (items in the recycle bin keep theirs).
    sourceItemId: uuid('source_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    inFrame: integer('in_frame').notNull(),
    outFrame: integer('out_frame').notNull(),
  },
  (t) => [
    uniqueIndex('sequence_clip_position_idx').on(t.tenantId, t.sequenceItemId, t.position),
    index('sequence_clip_source_idx').on(t.tenantId, t.sourceItemId),
    check('sequence_clip_range', sql`${t.inFrame} >= 0 AND ${t.outFrame} > ${t.inFrame}`),
  ],
);
