import type { Repositories } from '@mam/db';
import type { AuthedActor } from './actor.service';
import type { RequestMeta, ServiceDeps } from './service-deps';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  summary: string;
  details?: Record<string, unknown>;
}

export function createAuditService(deps: ServiceDeps) {
  return {
    /**
     * Pass the repositories of the change's transaction (`inTransaction`): when the event cannot be stored, the change
     * is not stored either, and no change goes unrecorded.
     */
    async record(
      tenantId: string,
      actor: { userId: string; email: string } | null,
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
        details: entry.details ?? {},
        ip: meta?.ip ?? null,
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
          ip: e.ip,
        })),
        nextCursor: rows.length > options.limit ? String(page[page.length - 1]!.id) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
