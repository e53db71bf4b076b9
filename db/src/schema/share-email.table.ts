import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { share } from './share.table';
import { user } from './user.table';

/** E-mail history of a share: every invitation sent, to whom, with which message, by whom. */
export const shareEmail = pgTable(
  'share_email',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => share.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    message: text('message'),
    sentBy: uuid('sent_by').references(() => user.id, { onDelete: 'set null' }),
    sentAt: createdAtColumn(),
  },
  (t) => [index('share_email_share_idx').on(t.tenantId, t.shareId, t.sentAt)],
);
