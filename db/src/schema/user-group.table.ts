import { tenantIdColumn } from './columns';
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { group } from './group.table';
import { user } from './user.table';

export const userGroup = pgTable(
  'user_group',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_group_group_idx').on(t.groupId)],
);
