import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns';
import { item } from './item.table';

/**
 * A virtual clip: an item of its own (title, metadata, access, shares) whose media is a range of another video
 * item's media, played from the source's renditions without copying them. out_frame is exclusive.
 */
export const virtualClip = pgTable(
  'virtual_clip',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => item.id, { onDelete: 'cascade' }),
    tenantId: tenantIdColumn(),
    sourceItemId: uuid('source_item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    inFrame: integer('in_frame').notNull(),
    outFrame: integer('out_frame').notNull(),
  },
  (t) => [
    index('virtual_clip_source_idx').on(t.tenantId, t.sourceItemId),
    check('virtual_clip_range', sql`${t.inFrame} >= 0 AND ${t.outFrame} > ${t.inFrame}`),
  ],
);
