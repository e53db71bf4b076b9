import type { TNotificationKind } from '@mam/core';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { comment } from './comment.table';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { item } from './item.table';
import { user } from './user.table';

/** Values the console interpolates into a notification's message (item title, share name, operation title…). */
export type TNotificationParams = Record<string, string | number | null>;

/**
 * The bell: one row per recipient and event. The actor's name is kept as written at the time, so external
 * actors (a share's reviewer, an upload request's contributor) who have no user row are named too.
 */
export const notification = pgTable(
  'notification',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TNotificationKind>().notNull(),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    itemId: uuid('item_id').references(() => item.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comment.id, { onDelete: 'set null' }),
    // Ticks of 1/12800 s from the media start: where the item opens when the notification is clicked.
    tcIn: bigint('tc_in', { mode: 'number' }),
    params: jsonb('params').$type<TNotificationParams>().notNull().default({}),
    /** A console route for notifications about something other than an item (a share, an upload request). */
    route: text('route'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notification_tenant_user_created_idx').on(t.tenantId, t.userId, t.createdAt.desc(), t.id.desc()),
    index('notification_tenant_user_unread_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Which kinds of notification a user also wants by e-mail; no row means the defaults (DEFAULT_EMAIL_KINDS). */
export const notificationSetting = pgTable(
  'notification_setting',
  {
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    emailKinds: text('email_kinds').array().$type<TNotificationKind[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
