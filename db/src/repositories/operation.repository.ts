import type { OperationKind, OperationStatus } from '@mam/core';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { operation } from '../schema';

export type TOperationRow = typeof operation.$inferSelect;
export type TOperationInsert = Omit<typeof operation.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type TOperationPatch = Partial<
  Pick<TOperationRow, 'status' | 'progress' | 'step' | 'error' | 'workflowId' | 'bytesTotal' | 'bytesDone' | 'title'>
>;

export function createOperationRepository(db: Database) {
  return {
    async insert(tenantId: string, values: TOperationInsert): Promise<TOperationRow> {
      const [row] = await db
        .insert(operation)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findById(tenantId: string, id: string): Promise<TOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(operation)
        .where(and(eq(operation.tenantId, tenantId), eq(operation.id, id)));
      return row;
    },
    async findByVersion(tenantId: string, versionId: string, kind: OperationKind): Promise<TOperationRow | undefined> {
      const [row] = await db
        .select()
        .from(operation)
        .where(and(eq(operation.tenantId, tenantId), eq(operation.versionId, versionId), eq(operation.kind, kind)))
        .orderBy(desc(operation.createdAt))
        .limit(1);
      return row;
    },
    async update(tenantId: string, id: string, patch: TOperationPatch): Promise<TOperationRow | undefined> {
      const [row] = await db
        .update(operation)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(operation.tenantId, tenantId), eq(operation.id, id)))
        .returning();
      return row;
    },
    /** Newest first, optionally one user's and some kinds or statuses only. */
    async list(
      tenantId: string,
      options: {
        userId?: string;
        kinds?: OperationKind[];
        statuses?: OperationStatus[];
        before?: Date;
        limit: number;
      },
    ): Promise<TOperationRow[]> {
      return db
        .select()
        .from(operation)
        .where(
          and(
            eq(operation.tenantId, tenantId),
            options.userId ? eq(operation.userId, options.userId) : undefined,
            options.kinds ? inArray(operation.kind, options.kinds) : undefined,
            options.statuses ? inArray(operation.status, options.statuses) : undefined,
            options.before ? lt(operation.createdAt, options.before) : undefined,
          ),
        )
        .orderBy(desc(operation.createdAt))
        .limit(options.limit);
    },
  };
}
