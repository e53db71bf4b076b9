import type { TNotificationKind } from '@mam/core';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { item, notification, notificationSetting, type TNotificationParams } from '../schema';

export type TNotificationRow = typeof notification.$inferSelect;
export type TNotificationInsert = Pick<
  typeof notification.$inferInsert,
  'userId' | 'kind' | 'actorId' | 'actorName' | 'itemId' | 'commentId' | 'tcIn' | 'route'
> & { params: TNotificationParams };
export type TNotificationState = 'unread' | 'read' | 'all';

/** A notification with the item it is about, when there is one (the caller checks the recipient may see it). */
export interface TNotificationWithItem {
  notification: TNotificationRow;
  item: typeof item.$inferSelect | null;
}

export interface TNotificationQuery {
  state: TNotificationState;
  limit: number;
  /** Paging: rows strictly older than this one (by creation time, then id). */
  before?: { createdAt: Date; id: string };
}

/**
 * Other processes (the api's live streams) LISTEN here; the payload is `<tenant id>:<user id>:<notification id>`.
 * Inserting with `notify` announces rows in the same round trip.
 */
export const NOTIFICATION_NOTIFY_CHANNEL = 'mam_notification';

export function createNotificationRepository(db: Database) {
  const mine = (tenantId: string, userId: string) =>
    and(eq(notification.tenantId, tenantId), eq(notification.userId, userId));

  return {
    async insertMany(
      tenantId: string,
      rows: TNotificationInsert[],
      options: { notify: boolean },
    ): Promise<TNotificationRow[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(notification)
        .values(rows.map((row) => ({ ...row, tenantId })))
        .returning();
      if (options.notify) {
        const payloads = inserted.map((row) => `${row.tenantId}:${row.userId}:${row.id}`);
        await db.execute(
          sql`select pg_notify(${NOTIFICATION_NOTIFY_CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`,
        );
      }
      return inserted;
    },

    /** Newest first. */
    async list(tenantId: string, userId: string, query: TNotificationQuery): Promise<TNotificationWithItem[]> {
      const conditions: (SQL | undefined)[] = [mine(tenantId, userId)];
      if (query.state === 'unread') conditions.push(isNull(notification.readAt));
      if (query.state === 'read') conditions.push(isNotNull(notification.readAt));
      if (query.before) {
        conditions.push(
          or(
            lt(notification.createdAt, query.before.createdAt),
            and(eq(notification.createdAt, query.before.createdAt), lt(notification.id, query.before.id)),
          ),
        );
      }
      return db
        .select({ notification, item })
        .from(notification)
        .leftJoin(item, and(eq(item.id, notification.itemId), eq(item.tenantId, notification.tenantId)))
        .where(and(...conditions))
        .orderBy(desc(notification.createdAt), desc(notification.id))
        .limit(query.limit);
    },

    async findById(tenantId: string, userId: string, id: string): Promise<TNotificationWithItem | undefined> {
      const [row] = await db
        .select({ notification, item })
        .from(notification)
        .leftJoin(item, and(eq(item.id, notification.itemId), eq(item.tenantId, notification.tenantId)))
        .where(and(mine(tenantId, userId), eq(notification.id, id)));
      return row;
    },

    async unreadCount(tenantId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notification)
        .where(and(mine(tenantId, userId), isNull(notification.readAt)));
      return Number(row?.n ?? 0);
    },

    /** False when the user has no such notification; marking a read one again keeps its first read time. */
    async markRead(tenantId: string, userId: string, id: string, at: Date): Promise<boolean> {
      const [row] = await db
        .update(notification)
        .set({ readAt: sql`coalesce(${notification.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(mine(tenantId, userId), eq(notification.id, id)))
        .returning({ id: notification.id });
      return !!row;
    },

    async markAllRead(tenantId: string, userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notification)
        .set({ readAt: at })
        .where(and(mine(tenantId, userId), isNull(notification.readAt)))
        .returning({ id: notification.id });
      return rows.length;
    },

    /** The chosen e-mail kinds of these users; users without a row are left out (they have the defaults). */
    async emailKinds(tenantId: string, userIds: string[]): Promise<Map<string, TNotificationKind[]>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(notificationSetting)
        .where(and(eq(notificationSetting.tenantId, tenantId), inArray(notificationSetting.userId, userIds)));
      return new Map(rows.map((row) => [row.userId, row.emailKinds]));
    },

    async setEmailKinds(tenantId: string, userId: string, emailKinds: TNotificationKind[], at: Date): Promise<void> {
      await db
        .insert(notificationSetting)
        .values({ tenantId, userId, emailKinds, updatedAt: at })
        .onConflictDoUpdate({
          target: [notificationSetting.tenantId, notificationSetting.userId],
          set: { emailKinds, updatedAt: at },
        });
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
