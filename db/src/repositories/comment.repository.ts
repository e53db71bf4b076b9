import { and, asc, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { comment, item } from '../schema';

export type TCommentRow = typeof comment.$inferSelect;
export type TCommentInsert = Pick<
  typeof comment.$inferInsert,
  'itemId' | 'parentId' | 'authorId' | 'text' | 'tcIn' | 'tcOut' | 'assigneeId' | 'annotation'
>;
export type TCommentPatch = Partial<
  Pick<
    TCommentRow,
    'text' | 'tcIn' | 'tcOut' | 'annotation' | 'assigneeId' | 'resolvedAt' | 'resolvedBy' | 'editedAt' | 'deletedAt'
  >
>;
export type TTaskState = 'open' | 'resolved' | 'all';

export interface TTaskQuery {
  /** Only comments assigned to this user; without it every assigned comment of the tenant. */
  assigneeId?: string;
  state: TTaskState;
  limit: number;
}

/** A task: an assigned top-level comment with the item it is on (the caller checks the item's visibility). */
export interface TTaskRow {
  comment: TCommentRow;
  item: typeof item.$inferSelect;
}

export function createCommentRepository(db: Database) {
  return {
    /** Every comment of the item, deleted ones included, oldest first. */
    async listForItem(tenantId: string, itemId: string): Promise<TCommentRow[]> {
      return db
        .select()
        .from(comment)
        .where(and(eq(comment.tenantId, tenantId), eq(comment.itemId, itemId)))
        .orderBy(asc(comment.createdAt), asc(comment.id));
    },
    async findById(tenantId: string, id: string): Promise<TCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(comment)
        .where(and(eq(comment.tenantId, tenantId), eq(comment.id, id)));
      return row;
    },
    async insert(tenantId: string, values: TCommentInsert): Promise<TCommentRow> {
      const [row] = await db
        .insert(comment)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    /** A comment from an outside reviewer through a share: no user, the name they gave. */
    async insertExternal(
      tenantId: string,
      values: Pick<
        typeof comment.$inferInsert,
        'itemId' | 'externalAuthor' | 'shareId' | 'text' | 'tcIn' | 'tcOut' | 'annotation'
      >,
    ): Promise<TCommentRow> {
      const [row] = await db
        .insert(comment)
        .values({ ...values, tenantId, parentId: null, authorId: null })
        .returning();
      return row!;
    },
    async update(tenantId: string, id: string, patch: TCommentPatch): Promise<TCommentRow | undefined> {
      const [row] = await db
        .update(comment)
        .set(patch)
        .where(and(eq(comment.tenantId, tenantId), eq(comment.id, id), isNull(comment.deletedAt)))
        .returning();
      return row;
    },
    /** Newest first; comments on items in the recycle bin and deleted comments are no tasks. */
    async listTasks(tenantId: string, query: TTaskQuery): Promise<TTaskRow[]> {
      const conditions: SQL[] = [
        eq(comment.tenantId, tenantId),
        isNull(comment.parentId),
        isNull(comment.deletedAt),
        isNull(item.deletedAt),
        query.assigneeId === undefined ? isNotNull(comment.assigneeId) : eq(comment.assigneeId, query.assigneeId),
      ];
      if (query.state === 'open') conditions.push(isNull(comment.resolvedAt));
      if (query.state === 'resolved') conditions.push(isNotNull(comment.resolvedAt));
      return db
        .select({ comment, item })
        .from(comment)
        .innerJoin(item, and(eq(item.id, comment.itemId), eq(item.tenantId, comment.tenantId)))
        .where(and(...conditions))
        .orderBy(desc(comment.createdAt), desc(comment.id))
        .limit(query.limit);
    },
  };
}
