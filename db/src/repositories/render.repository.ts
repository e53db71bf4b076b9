import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client/database';
import { render, type TRenderState } from '../schema/render.table';

export type TRenderRow = typeof render.$inferSelect;
export type TRenderInsert = Omit<typeof render.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type TRenderPatch = Partial<Pick<TRenderRow, 'state' | 'progress' | 'error' | 'finishedAt'>>;
export type { TRenderState };

export function createRenderRepository(db: Database) {
  return {
    async insert(tenantId: string, values: TRenderInsert): Promise<TRenderRow> {
      const [row] = await db
        .insert(render)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async findById(tenantId: string, id: string): Promise<TRenderRow | undefined> {
      const [row] = await db
        .select()
        .from(render)
        .where(and(eq(render.tenantId, tenantId), eq(render.id, id)));
      return row;
    },
    /** Newest first. */
    async listForSequence(tenantId: string, sequenceItemId: string): Promise<TRenderRow[]> {
      return db
        .select()
        .from(render)
        .where(and(eq(render.tenantId, tenantId), eq(render.sequenceItemId, sequenceItemId)))
        .orderBy(desc(render.createdAt), desc(render.id));
    },
    /** The latest render into a placeholder: its state decides whether media may be merged in. */
    async latestForPlaceholder(tenantId: string, placeholderItemId: string): Promise<TRenderRow | undefined> {
      const [row] = await db
        .select()
        .from(render)
        .where(and(eq(render.tenantId, tenantId), eq(render.placeholderItemId, placeholderItemId)))
        .orderBy(desc(render.createdAt))
        .limit(1);
      return row;
    },
    /**
     * Moves the render on only from one of `from`: a cancelled or finished render is never brought back to life by
     * a late progress report. Undefined when the row was not in one of those states.
     */
    async update(
      tenantId: string,
      id: string,
      patch: TRenderPatch,
      from: readonly TRenderState[] = ['queued', 'rendering', 'processing'],
    ): Promise<TRenderRow | undefined> {
      const [row] = await db
        .update(render)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(render.tenantId, tenantId), eq(render.id, id), inArray(render.state, [...from])))
        .returning();
      return row;
    },
  };
}
