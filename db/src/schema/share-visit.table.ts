import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { share } from './share.table';

/**
 * One unique visitor of a share (a browser, known by the hash of its visitor cookie): the first visit uses one of
 * the share's views, later visits from the same browser do not.
 */
export const shareVisit = pgTable(
  'share_visit',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => share.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    // The name an external reviewer gives when commenting.
    reviewerName: text('reviewer_name'),
    downloads: integer('downloads').notNull().default(0),
    firstSeenAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_visit_share_visitor_idx').on(t.shareId, t.visitorHash)],
);
