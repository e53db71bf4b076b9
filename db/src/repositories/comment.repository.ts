import type { TTaskSort, TTaskStatus } from '@mam/core';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client/database';
import { comment, item } from '../schema';

export type TCommentRow = typeof comment.$inferSelect;
export type TCommentInsert = Pick<
  typeof comment.$inferInsert,
  'itemId' | 'parentId' | 'authorId' | 'text' | 'tcIn' | 'tcOut' | 'assigneeId' | 'annotation' | 'dueAt' | 'priority'
>;
export type TCommentPatch = Partial<
  Pick<
    TCommentRow,
    | 'text'
    | 'tcIn'
    | 'tcOut'
    | 'annotation'
    | 'assigneeId'
    | 'resolvedAt'
    | 'resolvedBy'
    | 'startedAt'
    | 'dueAt'
    | 'priority'
    | 'editedAt'
    | 'deletedAt'
  >
>;
export type TTaskState = 'open' | 'resolved' | 'all';

export interface TTaskQuery {
  /** Only comments assigned to this user; without it every assigned comment of the tenant. */
  assigneeId?: string;
  state: TTaskState;
  /** One status exactly; overrides `state`. */
  status?: TTaskStatus;
  /** Default: newest first. */
  sort?: TTaskSort;
  limit: number;
}

// Urgent first; the values are core's TASK_PRIORITY_RANK.
const priorityRank = sql`case ${comment.priority} when 'urgent' then 3 when 'high' then 2 when 'normal' then 1 else 0 end`;

function taskOrder(sort: TTaskSort | undefined): SQL[] {
  const newest = [desc(comment.createdAt), desc(comment.id)];
  switch (sort) {
    case 'due':
      // Tasks without a due date after every dated one.
      return [sql`${comment.dueAt} asc nulls last`, ...newest];
    case 'priority':
      return [sql`${priorityRank} desc`, sql`${comment.dueAt} asc nulls last`, ...newest];
    default:
      return newest;
  }
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
        'itemId' | 'externalAuthor' | 'shareId' | 'shareVisitId' | 'text' | 'tcIn' | 'tcOut' | 'annotation'
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
    /** Newest first unless sorted otherwise; comments on items in the recycle bin and deleted comments are no tasks. */
    async listTasks(tenantId: string, query: TTaskQuery): Promise<TTaskRow[]> {
      const conditions: SQL[] = [
        eq(comment.tenantId, tenantId),
        isNull(comment.parentId),
        isNull(comment.deletedAt),
        isNull(item.deletedAt),
        query.assigneeId === undefined ? isNotNull(comment.assigneeId) : eq(comment.assigneeId, query.assigneeId),
      ];
      if (query.status === 'open') conditions.push(isNull(comment.resolvedAt), isNull(comment.startedAt));
      else if (query.status === 'in_progress')
        conditions.push(isNull(comment.resolvedAt), isNotNull(comment.startedAt));
      else if (query.status === 'done' || (!query.status && query.state === 'resolved'))
        conditions.push(isNotNull(comment.resolvedAt));
      else if (!query.status && query.state === 'open') conditions.push(isNull(comment.resolvedAt));
      return db
        .select({ comment, item })
        .from(comment)
        .innerJoin(item, and(eq(item.id, comment.itemId), eq(item.tenantId, comment.tenantId)))
        .where(and(...conditions))
        .orderBy(...taskOrder(query.sort))
        .limit(query.limit);
    },
  };
}
