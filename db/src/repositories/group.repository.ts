import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { group, userGroup, type TGroupKind } from '../schema';

export type TGroupRow = typeof group.$inferSelect;

export function createGroupRepository(db: Database) {
  return {
    async list(tenantId: string): Promise<Array<TGroupRow & { memberCount: number }>> {
      const rows = await db
        .select({ group, memberCount: sql<number>`count(${userGroup.userId})::int` })
        .from(group)
        .leftJoin(userGroup, eq(userGroup.groupId, group.id))
        .where(eq(group.tenantId, tenantId))
        .groupBy(group.id)
        .orderBy(asc(sql`lower(${group.name})`));
      return rows.map((r) => ({ ...r.group, memberCount: r.memberCount }));
    },
    async findById(tenantId: string, id: string): Promise<TGroupRow | undefined> {
      const [row] = await db
        .select()
        .from(group)
        .where(and(eq(group.tenantId, tenantId), eq(group.id, id)));
      return row;
    },
    async findByKind(tenantId: string, kind: TGroupKind): Promise<TGroupRow | undefined> {
      const [row] = await db
        .select()
        .from(group)
        .where(and(eq(group.tenantId, tenantId), eq(group.kind, kind)));
      return row;
    },
    async findByName(tenantId: string, name: string): Promise<TGroupRow | undefined> {
      const [row] = await db
        .select()
        .from(group)
        .where(and(eq(group.tenantId, tenantId), eq(sql`lower(${group.name})`, name.toLowerCase())));
      return row;
    },
    async insert(
      tenantId: string,
      values: { name: string; kind?: TGroupKind; permissions?: Record<string, boolean> },
    ): Promise<TGroupRow> {
      const [row] = await db
        .insert(group)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async update(
      tenantId: string,
      id: string,
      patch: { name?: string; permissions?: Record<string, boolean> },
    ): Promise<TGroupRow | undefined> {
      const [row] = await db
        .update(group)
        .set(patch)
        .where(and(eq(group.tenantId, tenantId), eq(group.id, id)))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(group)
        .where(and(eq(group.tenantId, tenantId), eq(group.id, id)))
        .returning({ id: group.id });
      return rows.length > 0;
    },
  };
}
