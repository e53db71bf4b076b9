import {
  AppError,
  auditChanges,
  can,
  canView,
  checkedCommentDrawing,
  mayChangeTaskStatus,
  mayPlanTask,
  parseMentions,
  taskStatus,
  taskStatusChange,
  type Actor,
  type Permission,
  type TAnnotation,
  type TTaskPriority,
  type TTaskSort,
  type TTaskStatus,
} from '@mam/core';
import type { Repositories, TCommentRow, TItemRow, TTaskState } from '@mam/db';
import { loadActor, type AuthedActor } from './actor.service';
import { orNotFound, type AuditService } from './audit.service';
import { commentEditChanges, commentSubject } from './comment-changes';
import type { NotificationService } from './notification.service';
import type { RequestMeta, ServiceDeps } from './service-deps';
import type { TaskReminderService } from './task-reminder.service';

export interface TCommentUser {
  id: string;
  name: string;
  email: string;
}

/** One comment as the Comments tab shows it; a deleted one keeps its place with no text and no author. */
export interface TCommentView {
  id: string;
  itemId: string;
  parentId: string | null;
  /** Null when the comment was deleted ("This comment was deleted") or its author no longer exists. */
  author: TCommentUser | null;
  /** The name an outside reviewer gave when commenting through a share link ("External" in the console). */
  externalAuthor: string | null;
  text: string | null;
  deleted: boolean;
  /** Ticks of 1/12800 s from the media start; tcOut is set only for a range and is after tcIn. */
  tcIn: number | null;
  tcOut: number | null;
  /** Shapes drawn on the frame at tcIn, shown over the player there; null without a drawing. */
  annotation: TAnnotation | null;
  assignee: TCommentUser | null;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedBy: TCommentUser | null;
  editedAt: string | null;
  createdAt: string;
  /** The task's own fields (meaningful on an assigned top-level comment): done is resolved. */
  status: TTaskStatus;
  startedAt: string | null;
  dueAt: string | null;
  priority: TTaskPriority;
  /** What this actor may do with it, so the console offers exactly what the server accepts. */
  canEdit: boolean;
  canDelete: boolean;
  canResolve: boolean;
  canAssign: boolean;
  /** Due date and priority. */
  canPlan: boolean;
}

export interface TCommentThread extends TCommentView {
  replies: TCommentView[];
}

export interface TTaskView {
  item: { id: string; title: string };
  comment: TCommentView;
}

export interface TMentionTargets {
  users: TCommentUser[];
  groups: Array<{ id: string; name: string; memberCount: number }>;
}

export interface TCommentInput {
  itemId: string;
  text: string;
  tcIn?: number | null;
  tcOut?: number | null;
  /** Checked by checkedAnnotation; needs a timecode. */
  annotation?: unknown;
  assigneeId?: string | null;
  dueAt?: Date | null;
  priority?: TTaskPriority;
}

/** Only the fields given change. */
export interface TTaskUpdate {
  id: string;
  status?: TTaskStatus;
  dueAt?: Date | null;
  priority?: TTaskPriority;
}

export interface TTaskListQuery {
  state: TTaskState;
  status?: TTaskStatus;
  sort?: TTaskSort;
  limit: number;
}

export interface TCommentEdit {
  id: string;
  text: string;
  /** Left out: the timecode stays. Given: the in and out points are replaced (null clears). Top-level only. */
  tcIn?: number | null;
  tcOut?: number | null;
  /** Left out: the drawing stays. Null removes it. */
  annotation?: unknown;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { issues: [{ path, code: 'VALIDATION_FAILED', message }] });
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw invalid('text', 'Write a comment first.');
  return trimmed;
}

/** A timecode is an in point, or an in and an out point after it. */
function checkedTimecode(tcIn: number | null, tcOut: number | null): { tcIn: number | null; tcOut: number | null } {
  if (tcOut !== null && tcIn === null) throw invalid('tcIn', 'A range needs an in point.');
  if (tcIn !== null && tcOut !== null && tcOut <= tcIn)
    throw invalid('tcOut', 'The out point must be after the in point.');
  return { tcIn, tcOut };
}

function demand(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw new AppError('COMMENT_FORBIDDEN', { params: { permission } });
}

/**
 * Comments and tasks on items (spec section 6). Comments are only as visible as their item: a hidden item's
 * comments are NOT_FOUND. commentStatus lets the author and the assignee resolve and reopen a comment,
 * commentResolve anyone's. Every change is audited against the item so the History tab shows it.
 */
export function createCommentService(
  deps: ServiceDeps,
  audit: AuditService,
  notifications: NotificationService,
  reminders: TaskReminderService,
) {
  const { repos } = deps;

  /**
   * The bell for a new or changed comment: mentioned users and groups' members, a new assignee, and on a reply the
   * thread's author and earlier repliers. Each person once, by the strongest reason (assigned, mentioned, reply);
   * notify() drops the actor and anyone who cannot see the item.
   */
  async function notifyAbout(
    actor: AuthedActor,
    row: TCommentRow,
    events: { assigneeId?: string | null; thread?: TCommentRow | null; mentionsBefore?: string },
  ): Promise<void> {
    const base = { actor: { userId: actor.userId }, itemId: row.itemId, commentId: row.id };
    const tcIn = events.thread ? events.thread.tcIn : row.tcIn;
    const params = { text: row.text.slice(0, 500) };
    const done = new Set<string>([actor.userId]);
    try {
      if (events.assigneeId && !done.has(events.assigneeId)) {
        const sent = await notifications.notify(actor.tenantId, {
          ...base,
          kind: 'assigned',
          recipients: { users: [events.assigneeId] },
          tcIn,
          params,
        });
        sent.forEach((n) => done.add(n.userId));
      }
      const mentions = parseMentions(row.text);
      const before = parseMentions(events.mentionsBefore ?? '');
      const users = mentions.users.filter((id) => !before.users.includes(id) && !done.has(id));
      const groups = mentions.groups.filter((id) => !before.groups.includes(id));
      if (users.length > 0 || groups.length > 0) {
        const sent = await notifications.notify(actor.tenantId, {
          ...base,
          kind: 'mentioned',
          recipients: { users, groups },
          tcIn,
          params,
        });
        sent.forEach((n) => done.add(n.userId));
      }
      if (events.thread) {
        const earlier = await repos.comments.listForItem(actor.tenantId, row.itemId);
        const people = new Set<string>();
        for (const c of earlier) {
          const inThread = c.id === events.thread.id || c.parentId === events.thread.id;
          if (inThread && c.id !== row.id && !c.deletedAt && c.authorId && !done.has(c.authorId))
            people.add(c.authorId);
        }
        if (people.size > 0) {
          await notifications.notify(actor.tenantId, {
            ...base,
            kind: 'reply',
            recipients: { users: [...people] },
            tcIn,
            params,
          });
        }
      }
    } catch (error) {
      // The comment is saved; a failed notification is logged, not thrown back at its writer.
      deps.logger.error({ err: error, commentId: row.id }, 'comment notification failed');
    }
  }

  async function visibleItem(actor: Actor, itemId: string): Promise<TItemRow> {
    const item = await repos.items.findById(actor.tenantId, itemId);
    if (!item || !canView(actor, item)) throw new AppError('NOT_FOUND');
    return item;
  }

  /** Comments are written on live items only; the recycle bin keeps them readable. */
  async function writableItem(actor: Actor, itemId: string): Promise<TItemRow> {
    const item = await visibleItem(actor, itemId);
    if (item.deletedAt) throw new AppError('NOT_FOUND');
    return item;
  }

  /** A live comment on an item the actor may see and write on. */
  async function target(actor: Actor, id: string): Promise<{ row: TCommentRow; item: TItemRow }> {
    const row = await repos.comments.findById(actor.tenantId, id);
    if (!row || row.deletedAt) throw new AppError('NOT_FOUND');
    return { row, item: await writableItem(actor, row.itemId) };
  }

  function topLevel(row: TCommentRow): void {
    if (row.parentId) throw invalid('id', 'Replies have no timecode, assignee or resolved state.');
  }

  function mayResolve(actor: Actor, row: TCommentRow): boolean {
    return mayChangeTaskStatus(actor, row);
  }

  function mayDelete(actor: Actor, row: TCommentRow): boolean {
    return can(actor, row.authorId === actor.userId ? 'commentDeleteOwn' : 'commentDeleteOthers');
  }

  /** An assignee is a user of this tenant, active, who can see the item. */
  async function checkedAssignee(assigneeId: string, item: TItemRow): Promise<void> {
    const user = await repos.users.findById(item.tenantId, assigneeId);
    if (!user || !user.active) throw invalid('assigneeId', 'No such user.');
    if (!canView(await loadActor(deps, user), item)) throw invalid('assigneeId', 'The assignee cannot see this item.');
  }

  async function usersById(tenantId: string, rows: TCommentRow[]): Promise<Map<string, TCommentUser>> {
    const ids = new Set(rows.flatMap((r) => [r.authorId, r.assigneeId, r.resolvedBy]).filter((x): x is string => !!x));
    const out = new Map<string, TCommentUser>();
    for (const id of ids) {
      const user = await repos.users.findById(tenantId, id);
      if (user) out.set(id, { id: user.id, name: user.name, email: user.email });
    }
    return out;
  }

  function toView(actor: Actor, row: TCommentRow, users: Map<string, TCommentUser>): TCommentView {
    const deleted = row.deletedAt !== null;
    const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);
    return {
      id: row.id,
      itemId: row.itemId,
      parentId: row.parentId,
      author: deleted ? null : user(row.authorId),
      externalAuthor: deleted ? null : row.externalAuthor,
      text: deleted ? null : row.text,
      deleted,
      tcIn: row.tcIn,
      tcOut: row.tcOut,
      annotation: deleted ? null : row.annotation,
      assignee: deleted ? null : user(row.assigneeId),
      resolved: row.resolvedAt !== null,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy: user(row.resolvedBy),
      editedAt: row.editedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      status: taskStatus(row),
      startedAt: row.startedAt?.toISOString() ?? null,
      dueAt: row.dueAt?.toISOString() ?? null,
      priority: row.priority,
      canEdit: !deleted && row.authorId === actor.userId && can(actor, 'commentWrite'),
      canDelete: !deleted && mayDelete(actor, row),
      canResolve: !deleted && !row.parentId && mayResolve(actor, row),
      canAssign: !deleted && !row.parentId && can(actor, 'commentAssign'),
      canPlan: !deleted && !row.parentId && mayPlanTask(actor, row),
    };
  }

  async function oneView(actor: Actor, row: TCommentRow): Promise<TCommentView> {
    return toView(actor, row, await usersById(actor.tenantId, [row]));
  }

  async function tasks(actor: Actor, query: TTaskListQuery & { assigneeId?: string }) {
    // Hidden items are dropped after the read, so read more than asked for and cut afterwards.
    const rows = await repos.comments.listTasks(actor.tenantId, { ...query, limit: Math.min(query.limit * 4, 2000) });
    const kept = rows.filter((r) => canView(actor, r.item)).slice(0, query.limit);
    const users = await usersById(
      actor.tenantId,
      kept.map((r) => r.comment),
    );
    return kept.map((r): TTaskView => ({
      item: { id: r.item.id, title: r.item.title },
      comment: toView(actor, r.comment, users),
    }));
  }

  /** The comment change and its audit event commit together; notifications go out afterwards. */
  function saved(
    actor: AuthedActor,
    meta: RequestMeta | null,
    item: Pick<TItemRow, 'title'>,
    action: 'created' | 'replied' | 'edited' | 'resolved' | 'reopened' | 'assigned' | 'deleted' | 'task_changed',
    summary: string,
    work: (tx: Repositories) => Promise<TCommentRow | undefined>,
    details: Record<string, unknown> = {},
  ): Promise<TCommentRow> {
    return audit.change(actor, meta, orNotFound(work), (row) => ({
      action: `comment.${action}`,
      targetType: 'item',
      targetId: row.itemId,
      subject: commentSubject(item.title, row.text),
      summary,
      details: { commentId: row.id, ...details },
    }));
  }

  /** The task's fields as its History shows them. */
  function taskFields(row: Pick<TCommentRow, 'startedAt' | 'resolvedAt' | 'dueAt' | 'priority' | 'assigneeId'>) {
    return {
      status: taskStatus(row),
      dueAt: row.dueAt?.toISOString() ?? null,
      priority: row.priority,
    };
  }

  return {
    /**
     * The item's threads, oldest first, replies under their comment. A deleted comment stays as a placeholder
     * while it has live replies; otherwise it is left out.
     */
    async list(actor: AuthedActor, itemId: string): Promise<TCommentThread[]> {
      await visibleItem(actor, itemId);
      demand(actor, 'commentRead');
      const rows = await repos.comments.listForItem(actor.tenantId, itemId);
      const users = await usersById(actor.tenantId, rows);
      const replies = new Map<string, TCommentView[]>();
      for (const row of rows) {
        if (!row.parentId || row.deletedAt) continue;
        replies.set(row.parentId, [...(replies.get(row.parentId) ?? []), toView(actor, row, users)]);
      }
      return rows
        .filter((row) => !row.parentId && (!row.deletedAt || replies.has(row.id)))
        .map((row) => ({ ...toView(actor, row, users), replies: replies.get(row.id) ?? [] }));
    },

    async create(actor: AuthedActor, input: TCommentInput, meta: RequestMeta | null): Promise<TCommentView> {
      const item = await writableItem(actor, input.itemId);
      demand(actor, 'commentWrite');
      const text = checkedText(input.text);
      const tc = checkedTimecode(input.tcIn ?? null, input.tcOut ?? null);
      const annotation = checkedCommentDrawing(input.annotation, tc.tcIn);
      const assigneeId = input.assigneeId ?? null;
      if (assigneeId) {
        demand(actor, 'commentAssign');
        await checkedAssignee(assigneeId, item);
      }
      const planned = (input.dueAt ?? null) !== null || (input.priority ?? 'normal') !== 'normal';
      if (planned && !mayPlanTask(actor, { authorId: actor.userId })) throw new AppError('COMMENT_FORBIDDEN');
      const row = await saved(actor, meta, item, 'created', 'Comment added', (tx) =>
        tx.comments.insert(actor.tenantId, {
          itemId: item.id,
          parentId: null,
          authorId: actor.userId,
          text,
          ...tc,
          annotation,
          assigneeId,
          dueAt: input.dueAt ?? null,
          priority: input.priority ?? 'normal',
        }),
      );
      await notifyAbout(actor, row, { assigneeId });
      await reminders.changed(actor.tenantId, row);
      return oneView(actor, row);
    },

    /** Replies are one level deep: replying to a reply adds to the same thread. */
    async reply(
      actor: AuthedActor,
      input: { commentId: string; text: string },
      meta: RequestMeta | null,
    ): Promise<TCommentView> {
      const { row: parent, item } = await target(actor, input.commentId);
      demand(actor, 'commentWrite');
      const text = checkedText(input.text);
      const row = await saved(actor, meta, item, 'replied', 'Reply added', (tx) =>
        tx.comments.insert(actor.tenantId, {
          itemId: parent.itemId,
          parentId: parent.parentId ?? parent.id,
          authorId: actor.userId,
          text,
          tcIn: null,
          tcOut: null,
          annotation: null,
          assigneeId: null,
        }),
      );
      const thread = parent.parentId ? await repos.comments.findById(actor.tenantId, parent.parentId) : parent;
      await notifyAbout(actor, row, { thread: thread ?? parent });
      return oneView(actor, row);
    },

    /** Authors edit their own comments only; the edit time is shown from then on. */
    async edit(actor: AuthedActor, input: TCommentEdit, meta: RequestMeta | null): Promise<TCommentView> {
      const { row, item } = await target(actor, input.id);
      demand(actor, 'commentWrite');
      if (row.authorId !== actor.userId) throw new AppError('COMMENT_FORBIDDEN');
      const text = checkedText(input.text);
      if (input.tcIn !== undefined || input.annotation !== undefined) topLevel(row);
      const tc: { tcIn?: number | null; tcOut?: number | null } =
        input.tcIn === undefined ? {} : checkedTimecode(input.tcIn, input.tcOut ?? null);
      const tcIn = tc.tcIn === undefined ? row.tcIn : tc.tcIn;
      // A drawing left out stays, unless the edit clears the timecode of its frame.
      const annotation =
        input.annotation !== undefined
          ? { annotation: checkedCommentDrawing(input.annotation, tcIn) }
          : tcIn === null
            ? { annotation: null }
            : {};
      const patch = { text, ...tc, ...annotation };
      const edited = await saved(
        actor,
        meta,
        item,
        'edited',
        'Comment edited',
        (tx) => tx.comments.update(actor.tenantId, row.id, { ...patch, editedAt: deps.clock() }),
        { changes: commentEditChanges(row, { ...row, ...patch }) },
      );
      // Only people newly mentioned by the edit hear of it.
      await notifyAbout(actor, edited, { mentionsBefore: row.text });
      return oneView(actor, edited);
    },

    async setResolved(
      actor: AuthedActor,
      input: { id: string; resolved: boolean },
      meta: RequestMeta | null,
    ): Promise<TCommentView> {
      const { row, item } = await target(actor, input.id);
      topLevel(row);
      if (!mayResolve(actor, row)) throw new AppError('COMMENT_FORBIDDEN');
      if ((row.resolvedAt !== null) === input.resolved) return oneView(actor, row);
      const changes = input.resolved
        ? { resolvedAt: deps.clock(), resolvedBy: actor.userId }
        : { resolvedAt: null, resolvedBy: null };
      const action = input.resolved ? 'resolved' : 'reopened';
      const summary = input.resolved ? 'Comment resolved' : 'Comment reopened';
      const resolved = await saved(
        actor,
        meta,
        item,
        action,
        summary,
        (tx) => tx.comments.update(actor.tenantId, row.id, changes),
        { changes: auditChanges(taskFields(row), taskFields({ ...row, ...changes }), ['status']) },
      );
      await reminders.changed(actor.tenantId, resolved);
      return oneView(actor, resolved);
    },

    /** Null takes the assignment away. */
    async assign(
      actor: AuthedActor,
      input: { id: string; assigneeId: string | null },
      meta: RequestMeta | null,
    ): Promise<TCommentView> {
      const { row, item } = await target(actor, input.id);
      topLevel(row);
      demand(actor, 'commentAssign');
      if (input.assigneeId) await checkedAssignee(input.assigneeId, item);
      const assignee = input.assigneeId ? await repos.users.findById(actor.tenantId, input.assigneeId) : undefined;
      const summary = assignee ? `Comment assigned to ${assignee.email}` : 'Comment assignment removed';
      const users = await usersById(actor.tenantId, [row, { ...row, assigneeId: input.assigneeId }]);
      const who = (id: string | null) => (id ? (users.get(id)?.email ?? id) : null);
      const assigned = await saved(
        actor,
        meta,
        item,
        'assigned',
        summary,
        (tx) => tx.comments.update(actor.tenantId, row.id, { assigneeId: input.assigneeId }),
        { changes: auditChanges({ assignee: who(row.assigneeId) }, { assignee: who(input.assigneeId) }) },
      );
      await reminders.changed(actor.tenantId, assigned);
      if (input.assigneeId && input.assigneeId !== row.assigneeId) {
        await notifyAbout(actor, assigned, { assigneeId: input.assigneeId, mentionsBefore: assigned.text });
      }
      return oneView(actor, assigned);
    },

    /** Soft delete: the text goes, replies stay readable under "This comment was deleted". */
    async delete(actor: AuthedActor, id: string, meta: RequestMeta | null): Promise<void> {
      const { row, item } = await target(actor, id);
      if (!mayDelete(actor, row)) throw new AppError('COMMENT_FORBIDDEN');
      const deleted = await saved(actor, meta, item, 'deleted', 'Comment deleted', (tx) =>
        tx.comments.update(actor.tenantId, row.id, { deletedAt: deps.clock() }),
      );
      await reminders.changed(actor.tenantId, deleted);
    },

    /**
     * A task's status (the creator and the assignee with commentStatus, anyone with commentResolve), due date and
     * priority (commentAssign, or the creator). Every field given is checked before anything is stored; the change
     * and its before and after values are audited together, and the reminder follows the new due date.
     */
    async updateTask(actor: AuthedActor, input: TTaskUpdate, meta: RequestMeta | null): Promise<TCommentView> {
      const { row, item } = await target(actor, input.id);
      topLevel(row);
      if (input.status !== undefined && !mayChangeTaskStatus(actor, row)) throw new AppError('COMMENT_FORBIDDEN');
      const planning = input.dueAt !== undefined || input.priority !== undefined;
      if (planning && !mayPlanTask(actor, row)) throw new AppError('COMMENT_FORBIDDEN');
      const patch = {
        ...(input.status !== undefined ? taskStatusChange(row, input.status, actor.userId, deps.clock()) : {}),
        ...(input.dueAt !== undefined ? { dueAt: input.dueAt } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
      };
      const changes = auditChanges(taskFields(row), taskFields({ ...row, ...patch }));
      if (Object.keys(changes).length === 0) return oneView(actor, row);
      const summary = `Task changed: ${Object.keys(changes).join(', ')}`;
      const updated = await saved(
        actor,
        meta,
        item,
        'task_changed',
        summary,
        (tx) => tx.comments.update(actor.tenantId, row.id, patch),
        { changes },
      );
      await reminders.changed(actor.tenantId, updated);
      return oneView(actor, updated);
    },

    /** Who a comment on the item may be assigned to: active users of the tenant who can see it, by email. */
    async assignees(actor: AuthedActor, itemId: string): Promise<TCommentUser[]> {
      const item = await writableItem(actor, itemId);
      demand(actor, 'commentAssign');
      const users = await repos.users.list(actor.tenantId, { includeHidden: false });
      const out: TCommentUser[] = [];
      for (const user of users) {
        if (user.active && canView(await loadActor(deps, user), item)) {
          out.push({ id: user.id, name: user.name, email: user.email });
        }
      }
      return out;
    },

    /**
     * Whom a comment on the item may mention (the @ picker): active users who can see it, and the tenant's groups
     * (a group's members who cannot see the item are left out when it is notified).
     */
    async mentionTargets(actor: AuthedActor, itemId: string): Promise<TMentionTargets> {
      const item = await writableItem(actor, itemId);
      demand(actor, 'commentWrite');
      const users: TCommentUser[] = [];
      for (const user of await repos.users.list(actor.tenantId, { includeHidden: false })) {
        if (user.active && canView(await loadActor(deps, user), item)) {
          users.push({ id: user.id, name: user.name, email: user.email });
        }
      }
      const groups = (await repos.groups.list(actor.tenantId)).map((g) => ({
        id: g.id,
        name: g.name,
        memberCount: g.memberCount,
      }));
      return { users, groups };
    },

    /** Comments assigned to the actor on items they can still see, newest first. */
    async myTasks(actor: AuthedActor, input: TTaskListQuery): Promise<TTaskView[]> {
      demand(actor, 'commentRead');
      return tasks(actor, { ...input, assigneeId: actor.userId });
    },

    /** Everyone's tasks (taskListAll), still limited to items the actor can see. */
    async allTasks(actor: AuthedActor, input: TTaskListQuery): Promise<TTaskView[]> {
      if (!can(actor, 'taskListAll')) throw new AppError('FORBIDDEN', { params: { permission: 'taskListAll' } });
      return tasks(actor, input);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
