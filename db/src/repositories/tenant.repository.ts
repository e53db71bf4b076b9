import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { tenant, user } from '../schema';

export type TTenantRow = typeof tenant.$inferSelect;

/** Tenants themselves: system-level, used by sign-in, start-up and the super administrator. */
export function createTenantRepository(db: Database) {
  return {
    async findBySlug(slug: string): Promise<TTenantRow | undefined> {
      const [row] = await db.select().from(tenant).where(eq(tenant.slug, slug.toLowerCase()));
      return row;
    },
    async findById(id: string): Promise<TTenantRow | undefined> {
      const [row] = await db.select().from(tenant).where(eq(tenant.id, id));
      return row;
    },
    /**
     * The tenant's row, locked until the calling transaction ends: what serialises the tenant's upload reservations,
     * so two uploads cannot both fit into the quota the other one fills. Call inside `inTransaction` only.
     */
    async lockForUpdate(id: string): Promise<TTenantRow | undefined> {
      const [row] = await db.select().from(tenant).where(eq(tenant.id, id)).for('update');
      return row;
    },
    async listIds(): Promise<string[]> {
      return (await db.select({ id: tenant.id }).from(tenant).orderBy(asc(tenant.createdAt))).map((row) => row.id);
    },
    async listWithUserCounts(): Promise<Array<TTenantRow & { userCount: number }>> {
      const counts = db
        .select({ tenantId: user.tenantId, count: sql<number>`count(*)::int`.as('count') })
        .from(user)
        .groupBy(user.tenantId)
        .as('counts');
      const rows = await db
        .select({ tenant, userCount: sql<number>`coalesce(${counts.count}, 0)::int` })
        .from(tenant)
        .leftJoin(counts, eq(counts.tenantId, tenant.id))
        .orderBy(asc(tenant.slug));
      return rows.map((r) => ({ ...r.tenant, userCount: r.userCount }));
    },
    async insert(values: { slug: string; name: string; config: Record<string, unknown> }): Promise<TTenantRow> {
      const [row] = await db.insert(tenant).values(values).returning();
      return row!;
    },
    async setActive(id: string, active: boolean): Promise<TTenantRow | undefined> {
      const [row] = await db.update(tenant).set({ active }).where(eq(tenant.id, id)).returning();
      return row;
    },
    async updateConfig(id: string, name: string, config: Record<string, unknown>): Promise<TTenantRow | undefined> {
      const [row] = await db.update(tenant).set({ name, config }).where(eq(tenant.id, id)).returning();
      return row;
    },
  };
}
