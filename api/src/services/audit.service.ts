import {
  AppError,
  AUDIT_SUBJECT_KEY,
  auditSummary,
  auditValue,
  type AuditAction,
  type TAuditChanges,
  type TAuditValueChange,
} from '@mam/core';
import { inTransaction, type Repositories } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export interface AuditEntry {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  summary: string;
  /**
   * The name of what was acted on as it was then (a folder's name, a user's e-mail, an item's title): the console's
   * "What" column shows it in any language, where `summary` is an English sentence for logs and older clients.
   */
  subject?: string | null;
  details?: Record<string, unknown>;
}

/** Work on a row that may be gone by the time the transaction reaches it: NOT_FOUND then, and nothing is stored. */
export function orNotFound<T>(work: (tx: Repositories) => Promise<T | undefined>): (tx: Repositories) => Promise<T> {
  return async (tx) => {
    const row = await work(tx);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };
}

/** The before and after values an event carries, if any: `changes`, or a top-level `{ from, to }` of older events. */
export function changesOf(details: Record<string, unknown> | null | undefined): TAuditChanges {
  if (!details) return {};
  const out: TAuditChanges = {};
  const isChange = (value: unknown): value is TAuditValueChange =>
    !!value && typeof value === 'object' && 'from' in value && 'to' in value;
  const nested = details.changes;
  if (nested && typeof nested === 'object') {
    for (const [field, value] of Object.entries(nested)) if (isChange(value)) out[field] = value;
  }
  for (const [field, value] of Object.entries(details)) {
    if (field !== 'changes' && isChange(value) && !(field in out)) {
      out[field] = { from: auditValue(value.from), to: auditValue(value.to) };
    }
  }
  return out;
}

/** The event's "What" as data (kind, name, counts) the console words in the reader's language. */
export function whatOf(details: Record<string, unknown> | null | undefined) {
  return auditSummary(details, changesOf(details));
}

/** Field labels a metadata change names its fields by. */
export function labelsOf(details: Record<string, unknown> | null | undefined): Record<string, string> {
  const labels = details?.labels;
  if (!labels || typeof labels !== 'object') return {};
  return Object.fromEntries(
    Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

type TAuditActor = { userId: string; email: string } | null;
/** The tenant whose trail gets the events, and who acted (an actor, or nobody for the system's own changes). */
type TAuditScope = { tenantId: string; userId?: string | null; email?: string | null };

export function createAuditService(deps: ServiceDeps) {
  const service = {
    /**
     * Pass the repositories of the change's transaction (`inTransaction`): when the event cannot be stored, the change
     * is not stored either, and no change goes unrecorded.
     */
    async record(
      tenantId: string,
      actor: TAuditActor,
      meta: RequestMeta | null,
      entry: AuditEntry,
      repos: Pick<Repositories, 'auditEvents'> = deps.repos,
    ) {
      await repos.auditEvents.record(tenantId, {
        actorUserId: actor?.userId ?? null,
        actorEmail: actor?.email ?? null,
        action: entry.action,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId ?? null,
        summary: entry.summary,
        details: entry.subject ? { ...entry.details, [AUDIT_SUBJECT_KEY]: entry.subject } : (entry.details ?? {}),
        ip: meta?.ip ?? null,
      });
    },
    /**
     * Makes a change through the repositories of one transaction and stores the audit events that `describe` derives
     * from its result in the same transaction: when an event cannot be stored, the change is not stored either.
     * `by` may come from the result too, when the change finds out whose it is (a sign-in code).
     */
    async change<T>(
      by: TAuditScope | ((result: T) => TAuditScope),
      meta: RequestMeta | null,
      work: (tx: Repositories) => Promise<T>,
      describe: (result: T) => AuditEntry | readonly AuditEntry[],
    ): Promise<T> {
      return inTransaction(deps.db, async (tx) => {
        const result = await work(tx);
        const scope = typeof by === 'function' ? by(result) : by;
        const actor = scope.userId && scope.email ? { userId: scope.userId, email: scope.email } : null;
        const described = describe(result);
        const entries: readonly AuditEntry[] = Array.isArray(described) ? described : [described as AuditEntry];
        // Through `service` so a test can swap `record` for one whose store is down.
        for (const entry of entries) await service.record(scope.tenantId, actor, meta, entry, tx);
        return result;
      });
    },
    async list(actor: AuthedActor, options: { cursor?: string; limit: number }) {
      const beforeId = options.cursor ? Number(options.cursor) : undefined;
      const rows = await deps.repos.auditEvents.list(actor.tenantId, {
        beforeId: Number.isFinite(beforeId) ? beforeId : undefined,
        limit: options.limit + 1,
      });
      const page = rows.slice(0, options.limit);
      return {
        events: page.map((e) => ({
          id: String(e.id),
          at: e.at.toISOString(),
          actorEmail: e.actorEmail,
          action: e.action,
          targetType: e.targetType,
          targetId: e.targetId,
          summary: e.summary,
          what: whatOf(e.details),
          // Before and after values (issue 22), for System Activity to show what changed.
          changes: changesOf(e.details),
          labels: labelsOf(e.details),
          ip: e.ip,
        })),
        nextCursor: rows.length > options.limit ? String(page[page.length - 1]!.id) : null,
      };
    },
  };
  return service;
}

export type AuditService = ReturnType<typeof createAuditService>;
