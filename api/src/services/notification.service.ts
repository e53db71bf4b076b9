import {
  AppError,
  canView,
  DEFAULT_EMAIL_KINDS,
  isNotificationKind,
  mailLocale,
  NOTIFICATION_KINDS,
  type TNotificationKind,
} from '@mam/core';
import type { TCommentRow, TNotificationRow, TNotificationState, TNotificationWithItem, TUserRow } from '@mam/db';
import { loadActor, type AuthedActor } from './actor.service';
import { createNotificationBus, type TNotificationEvent } from './notification-bus';
import { notificationMail } from './notification-mail';
import type { ServiceDeps } from './service-deps';

export type TNotificationParams = Record<string, string | number | null>;

/** What happened, to whom: the input of every trigger (comments, shares, upload requests, operations). */
export interface TNotifyInput {
  kind: TNotificationKind;
  /** User ids and group ids; groups are expanded to their members. The actor is never notified of their own act. */
  recipients: { users?: string[]; groups?: string[] };
  /** Who did it: a user of the tenant, or only a name for someone outside it (a share's reviewer). */
  actor?: { userId?: string | null; name?: string | null } | null;
  /** When set, only recipients who may see the item are notified. */
  itemId?: string | null;
  commentId?: string | null;
  /** Ticks of 1/12800 s: where the item opens. */
  tcIn?: number | null;
  /** Interpolated into the message: e.g. title, shareTitle, fileName, operation, error, text. */
  params?: TNotificationParams;
  /** A console route for things that are not an item (a share, an upload request). */
  route?: string | null;
}

export interface TNotificationView {
  id: string;
  kind: TNotificationKind;
  actor: { id: string | null; name: string | null };
  /** Null when there is no item or the recipient may no longer see it. */
  item: { id: string; title: string } | null;
  commentId: string | null;
  tcIn: number | null;
  params: TNotificationParams;
  /** Where a click leads in the console. */
  route: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
}

export interface TNotificationPage {
  notifications: TNotificationView[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

export interface TNotificationSettings {
  emailKinds: TNotificationKind[];
  /** Every kind, in the order the settings page lists them. */
  kinds: TNotificationKind[];
}

/** The console route of a notification: the item at its timecode, or the route it was given. */
export function notificationRoute(row: Pick<TNotificationRow, 'itemId' | 'tcIn' | 'route' | 'commentId'>): string {
  if (row.route) return row.route;
  if (!row.itemId) return '/';
  const query = new URLSearchParams();
  if (row.tcIn !== null) query.set('t', String(row.tcIn));
  if (row.commentId) query.set('comment', row.commentId);
  const search = query.toString();
  return `/item-details/${row.itemId}${search ? `?${search}` : ''}`;
}

function encodeCursor(row: TNotificationRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'cursor', code: 'VALIDATION_FAILED', message: 'Invalid cursor.' }],
    });
  }
  return { createdAt, id };
}

/**
 * The bell (issue 6): notifications per user, by e-mail for the kinds the user wants, and live to every open
 * console of the recipient (server-sent events) through a bus that spans processes on PostgreSQL (LISTEN/NOTIFY),
 * so a transcode finished by the media worker still rings the bell served by the api.
 */
export function createNotificationService(deps: ServiceDeps) {
  const { repos } = deps;
  const bus = createNotificationBus(deps);

  /** Active users among the ids and the members of the groups, the organisation group meaning everyone. */
  async function expand(tenantId: string, recipients: TNotifyInput['recipients']): Promise<TUserRow[]> {
    const wanted = new Set((recipients.users ?? []).map((id) => id.toLowerCase()));
    const groups = recipients.groups ?? [];
    if (wanted.size === 0 && groups.length === 0) return [];
    if (groups.length === 0) {
      // Named users only (the usual case): no need to read the whole tenant.
      const found = await Promise.all([...wanted].map((id) => repos.users.findById(tenantId, id)));
      return found.filter((u): u is TUserRow => !!u && u.active);
    }
    const users = await repos.users.list(tenantId, { includeHidden: true });
    const everyone = new Set<string>();
    const groupIds = new Set<string>();
    for (const id of groups) {
      const group = await repos.groups.findById(tenantId, id);
      if (!group) continue;
      if (group.kind === 'organisation') users.forEach((u) => everyone.add(u.id));
      else groupIds.add(group.id);
    }
    return users.filter(
      (u) => u.active && (wanted.has(u.id) || everyone.has(u.id) || u.groupIds.some((g) => groupIds.has(g))),
    );
  }

  async function sendMails(tenantId: string, rows: TNotificationRow[], users: Map<string, TUserRow>) {
    const chosen = await repos.notifications.emailKinds(
      tenantId,
      rows.map((r) => r.userId),
    );
    const tenant = await repos.tenants.findById(tenantId);
    for (const row of rows) {
      const user = users.get(row.userId);
      const kinds = chosen.get(row.userId) ?? DEFAULT_EMAIL_KINDS;
      if (!user?.email || !kinds.includes(row.kind)) continue;
      const link = `${deps.config.publicUrl.replace(/\/$/, '')}${notificationRoute(row)}`;
      const locale = mailLocale({ userLanguage: user.language, tenantConfig: tenant?.config });
      try {
        await deps.mailer.send({ to: user.email, ...notificationMail(row, user, tenant?.name ?? '', link, locale) });
      } catch (error) {
        // The bell has it already; a mail server down must not undo the comment that caused it.
        deps.logger.warn({ err: error, notificationId: row.id }, 'notification e-mail failed');
      }
    }
  }

  function toView(actor: AuthedActor, { notification: row, item }: TNotificationWithItem): TNotificationView {
    const visible = item && !item.deletedAt && canView(actor, item) ? item : null;
    return {
      id: row.id,
      kind: row.kind,
      actor: { id: row.actorId, name: row.actorName },
      item: visible ? { id: visible.id, title: visible.title } : null,
      commentId: row.commentId,
      tcIn: row.tcIn,
      // The title kept at the time stays out when the item is hidden from the recipient now.
      params: visible || !row.itemId ? row.params : { ...row.params, title: null },
      route: visible || !row.itemId ? notificationRoute(row) : '/',
      read: row.readAt !== null,
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Notifies the recipients (deduplicated, without the actor, only those who may see the item) and returns the
   * rows written. Never throws for a recipient problem: a trigger's own action has already happened.
   */
  async function notify(tenantId: string, input: TNotifyInput): Promise<TNotificationRow[]> {
    const actorId = input.actor?.userId ?? null;
    let users = (await expand(tenantId, input.recipients)).filter((u) => u.id !== actorId);
    if (users.length === 0) return [];
    const item = input.itemId ? await repos.items.findById(tenantId, input.itemId) : undefined;
    if (input.itemId) {
      if (!item) return [];
      const allowed: TUserRow[] = [];
      for (const user of users) if (canView(await loadActor(deps, user), item)) allowed.push(user);
      users = allowed;
    }
    let actorName = input.actor?.name ?? null;
    if (actorId && !actorName) actorName = (await repos.users.findById(tenantId, actorId))?.name ?? null;
    const params: TNotificationParams = { ...(item ? { title: item.title } : {}), ...input.params };
    const rows = await repos.notifications.insertMany(
      tenantId,
      users.map((user) => ({
        userId: user.id,
        kind: input.kind,
        actorId,
        actorName,
        itemId: item?.id ?? null,
        commentId: input.commentId ?? null,
        tcIn: input.tcIn ?? null,
        params,
        route: input.route ?? null,
      })),
      { notify: bus.crossProcess },
    );
    bus.inserted(rows.map((row) => ({ tenantId, userId: row.userId, id: row.id })));
    await sendMails(tenantId, rows, new Map(users.map((u) => [u.id, u])));
    return rows;
  }

  return {
    notify,

    /** A task's reminder before its due date, to its assignee (no actor: the system reminds). */
    taskDue(tenantId: string, task: TCommentRow): Promise<TNotificationRow[]> {
      if (!task.assigneeId || !task.dueAt) return Promise.resolve([]);
      return notify(tenantId, {
        kind: 'task_due',
        recipients: { users: [task.assigneeId] },
        actor: null,
        itemId: task.itemId,
        commentId: task.id,
        tcIn: task.tcIn,
        params: { text: task.text.slice(0, 500), dueAt: task.dueAt.toISOString() },
      });
    },

    /**
     * For shares: "X opened your share" / "X commented on your share", to the share's owner. The visitor is named
     * as they introduced themselves (external reviewers have no user row). A comment names the item it is on.
     */
    shareActivity(
      tenantId: string,
      input: {
        ownerId: string;
        shareId: string;
        shareTitle: string;
        activity: 'opened' | 'commented';
        visitorName: string | null;
        itemId?: string | null;
        commentId?: string | null;
        tcIn?: number | null;
        text?: string | null;
      },
    ): Promise<TNotificationRow[]> {
      return notify(tenantId, {
        kind: 'share_activity',
        recipients: { users: [input.ownerId] },
        actor: { name: input.visitorName },
        itemId: input.activity === 'commented' ? (input.itemId ?? null) : null,
        commentId: input.commentId ?? null,
        tcIn: input.tcIn ?? null,
        params: {
          activity: input.activity,
          shareId: input.shareId,
          shareTitle: input.shareTitle,
          text: input.text ?? null,
        },
        route: input.activity === 'commented' && input.itemId ? null : '/share',
      });
    },

    /** A reviewer set an item's approval status: to the item's owner (its uploader when no owner is set). */
    approvalChanged(
      tenantId: string,
      input: { actorId: string; itemId: string; ownerId: string | null; status: string },
    ): Promise<TNotificationRow[]> {
      if (!input.ownerId) return Promise.resolve([]);
      return notify(tenantId, {
        kind: 'approval_changed',
        recipients: { users: [input.ownerId] },
        actor: { userId: input.actorId },
        itemId: input.itemId,
        params: { status: input.status },
      });
    },

    /** For upload requests: "A file arrived through your upload request", to whoever asked, opening the new item. */
    uploadReceived(
      tenantId: string,
      input: {
        requesterId: string;
        requestId: string;
        requestTitle: string;
        fileName: string;
        itemId: string | null;
        contributorName: string | null;
      },
    ): Promise<TNotificationRow[]> {
      return notify(tenantId, {
        kind: 'upload_received',
        recipients: { users: [input.requesterId] },
        actor: { name: input.contributorName },
        itemId: input.itemId,
        params: { requestId: input.requestId, requestTitle: input.requestTitle, fileName: input.fileName },
        route: input.itemId ? null : '/share',
      });
    },

    /** A long operation (processing) ended: to the user who started it, opening the item. */
    operationEnded(
      tenantId: string,
      input: {
        userId: string | null;
        itemId: string | null;
        operation: string;
        outcome: 'done' | 'error';
        error?: string | null;
      },
    ): Promise<TNotificationRow[]> {
      if (!input.userId) return Promise.resolve([]);
      return notify(tenantId, {
        kind: input.outcome === 'done' ? 'operation_finished' : 'operation_failed',
        recipients: { users: [input.userId] },
        itemId: input.itemId,
        params: { operation: input.operation, error: input.error ?? null },
      });
    },

    /**
     * A crash recording changed without its starter: another user stopped or switched it, or it ended on its own
     * (the duration reached, the source gone). The starter hears of it; an actor is never told of their own act.
     */
    liveRecordingChanged(
      tenantId: string,
      input: {
        starterId: string;
        actorId: string | null;
        itemId: string;
        event: 'stopped' | 'switched' | 'ended';
        source: string;
        target?: string | null;
        reason?: 'duration' | 'source_lost' | null;
      },
    ): Promise<TNotificationRow[]> {
      return notify(tenantId, {
        kind: 'live_recording',
        recipients: { users: [input.starterId] },
        actor: input.actorId ? { userId: input.actorId } : null,
        itemId: input.itemId,
        params: {
          event: input.event,
          source: input.source,
          target: input.target ?? null,
          reason: input.reason ?? null,
        },
      });
    },

    async list(
      actor: AuthedActor,
      input: { state: TNotificationState; limit: number; cursor?: string | null },
    ): Promise<TNotificationPage> {
      const rows = await repos.notifications.list(actor.tenantId, actor.userId, {
        state: input.state,
        limit: input.limit + 1,
        before: input.cursor ? decodeCursor(input.cursor) : undefined,
      });
      const page = rows.slice(0, input.limit);
      const last = page[page.length - 1];
      return {
        notifications: page.map((row) => toView(actor, row)),
        nextCursor: rows.length > input.limit && last ? encodeCursor(last.notification) : null,
      };
    },

    async unreadCount(actor: AuthedActor): Promise<{ unread: number }> {
      return { unread: await repos.notifications.unreadCount(actor.tenantId, actor.userId) };
    },

    /** Someone else's notification (another user's or tenant's) is NOT_FOUND. */
    async markRead(actor: AuthedActor, id: string): Promise<{ unread: number }> {
      const found = await repos.notifications.markRead(actor.tenantId, actor.userId, id, deps.clock());
      if (!found) throw new AppError('NOT_FOUND');
      return { unread: await repos.notifications.unreadCount(actor.tenantId, actor.userId) };
    },

    async markAllRead(actor: AuthedActor): Promise<{ marked: number; unread: number }> {
      const marked = await repos.notifications.markAllRead(actor.tenantId, actor.userId, deps.clock());
      return { marked, unread: 0 };
    },

    async settings(actor: AuthedActor): Promise<TNotificationSettings> {
      const chosen = await repos.notifications.emailKinds(actor.tenantId, [actor.userId]);
      return { emailKinds: chosen.get(actor.userId) ?? [...DEFAULT_EMAIL_KINDS], kinds: [...NOTIFICATION_KINDS] };
    },

    async updateSettings(actor: AuthedActor, input: { emailKinds: string[] }): Promise<TNotificationSettings> {
      const kinds = [...new Set(input.emailKinds)];
      const bad = kinds.find((k) => !isNotificationKind(k));
      if (bad !== undefined) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ path: 'emailKinds', code: 'VALIDATION_FAILED', message: `Unknown notification kind: ${bad}` }],
        });
      }
      const ordered = NOTIFICATION_KINDS.filter((k) => kinds.includes(k));
      await repos.notifications.setEmailKinds(actor.tenantId, actor.userId, ordered, deps.clock());
      return { emailKinds: ordered, kinds: [...NOTIFICATION_KINDS] };
    },

    /** Live events for one user (the stream route); returns the unsubscribe. */
    subscribe(tenantId: string, userId: string, listener: (event: TNotificationEvent) => void): () => void {
      return bus.subscribe(tenantId, userId, listener);
    },

    /** One notification of the user, for the stream's event payload; undefined when it is not theirs. */
    async findOne(actor: AuthedActor, id: string): Promise<TNotificationView | undefined> {
      const row = await repos.notifications.findById(actor.tenantId, actor.userId, id);
      return row ? toView(actor, row) : undefined;
    },

    /** Whether live events from other processes arrive by themselves; when not, streams poll. */
    hearsOtherProcesses: () => bus.hearsOtherProcesses(),

    /** Resolves once live events from other processes are heard (or known not to be). */
    ready: () => bus.ready(),

    /** Ends the cross-process listener (app shutdown). */
    close: () => bus.close(),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
export type { TNotificationEvent } from './notification-bus';
