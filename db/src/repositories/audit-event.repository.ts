import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../client/database';
import { auditEvent } from '../schema';

export type TAuditEventRow = typeof auditEvent.$inferSelect;
export type TAuditEventInsert = Omit<typeof auditEvent.$inferInsert, 'id' | 'tenantId' | 'at'>;

export function createAuditEventRepository(db: Database) {
  return {
    async record(tenantId: string, event: TAuditEventInsert): Promise<void> {
      await db.insert(auditEvent).values({ ...event, tenantId });
    },
    /** Newest first; `beforeId` is the keyset cursor of the previous page. */
    async list(tenantId: string, options: { beforeId?: number; limit: number }): Promise<TAuditEventRow[]> {
      return db
        .select()
        .from(auditEvent)
        .where(
          and(
            eq(auditEvent.tenantId, tenantId),
            options.beforeId === undefined ? undefined : lt(auditEvent.id, options.beforeId),
          ),
        )
        .orderBy(desc(auditEvent.id))
        .limit(options.limit);
    },
    /** One target's events (an item's History tab), newest first; `beforeId` is the keyset cursor. */
    async listForTarget(
      tenantId: string,
      target: { type: string; id: string },
      options: { beforeId?: number; limit: number },
    ): Promise<TAuditEventRow[]> {
      return db
        .select()
        .from(auditEvent)
        .where(
          and(
            eq(auditEvent.tenantId, tenantId),
            eq(auditEvent.targetType, target.type),
            eq(auditEvent.targetId, target.id),
            options.beforeId === undefined ? undefined : lt(auditEvent.id, options.beforeId),
          ),
        )
        .orderBy(desc(auditEvent.id))
        .limit(options.limit);
    },
  };
}
