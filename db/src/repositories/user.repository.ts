import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { group, tenant, user, userGroup } from '../schema';

export type TUserRow = typeof user.$inferSelect;
export type TUserInsert = Omit<typeof user.$inferInsert, 'tenantId' | 'id'>;
export type TUserPatch = Partial<Omit<TUserInsert, 'email'>>;
export type TUserWithGroups = TUserRow & { groupIds: string[] };

export function createUserRepository(db: Database) {
  async function groupIdsByUser(tenantId: string, userIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return map;
    const rows = await db
      .select({ userId: userGroup.userId, groupId: userGroup.groupId })
      .from(userGroup)
      .where(and(eq(userGroup.tenantId, tenantId), inArray(userGroup.userId, userIds)));
    for (const row of rows) map.get(row.userId)?.push(row.groupId);
    return map;
  }

  return {
    async findById(tenantId: string, id: string): Promise<TUserRow | undefined> {
      const [row] = await db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.id, id)));
      return row;
    },
    async findByEmail(tenantId: string, email: string): Promise<TUserRow | undefined> {
      const [row] = await db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(sql`lower(${user.email})`, email.toLowerCase())));
      return row;
    },
    async findByExternalSubject(tenantId: string, subject: string): Promise<TUserRow | undefined> {
      const [row] = await db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.externalSubject, subject)));
      return row;
    },
    /** Organisation lookup at sign-in: which active organisations know this address. Not tenant-scoped on purpose. */
    async organisationsForEmail(email: string): Promise<Array<{ slug: string; name: string }>> {
      return db
        .select({ slug: tenant.slug, name: tenant.name })
        .from(user)
        .innerJoin(tenant, eq(tenant.id, user.tenantId))
        .where(and(eq(sql`lower(${user.email})`, email.toLowerCase()), eq(tenant.active, true)))
        .orderBy(asc(tenant.name));
    },
    async list(tenantId: string, options: { includeHidden: boolean }): Promise<TUserWithGroups[]> {
      const rows = await db
        .select()
        .from(user)
        .where(and(eq(user.tenantId, tenantId), options.includeHidden ? undefined : eq(user.hidden, false)))
        .orderBy(asc(sql`lower(${user.email})`));
      const groups = await groupIdsByUser(
        tenantId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, groupIds: groups.get(r.id) ?? [] }));
    },
    async groupIds(tenantId: string, userId: string): Promise<string[]> {
      return (await groupIdsByUser(tenantId, [userId])).get(userId) ?? [];
    },
    /** The groups whose permissions make up the user's effective permissions. */
    async groupsOf(tenantId: string, userId: string) {
      return db
        .select({ id: group.id, kind: group.kind, permissions: group.permissions })
        .from(userGroup)
        .innerJoin(group, eq(group.id, userGroup.groupId))
        .where(and(eq(userGroup.tenantId, tenantId), eq(userGroup.userId, userId)));
    },
    async insert(tenantId: string, values: TUserInsert): Promise<TUserRow> {
      const [row] = await db
        .insert(user)
        .values({ ...values, tenantId })
        .returning();
      return row!;
    },
    async update(tenantId: string, id: string, patch: TUserPatch): Promise<TUserRow | undefined> {
      const [row] = await db
        .update(user)
        .set(patch)
        .where(and(eq(user.tenantId, tenantId), eq(user.id, id)))
        .returning();
      return row;
    },
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.id, id)))
        .returning({ id: user.id });
      return rows.length > 0;
    },
    /** Voids every session of the user, on every server process. */
    async bumpSessionEpoch(tenantId: string, id: string): Promise<void> {
      await db
        .update(user)
        .set({ sessionEpoch: sql`${user.sessionEpoch} + 1` })
        .where(and(eq(user.tenantId, tenantId), eq(user.id, id)));
    },
    /** Replaces the memberships; group ids of other tenants are ignored by the join. */
    async setGroups(tenantId: string, userId: string, groupIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userGroup).where(and(eq(userGroup.tenantId, tenantId), eq(userGroup.userId, userId)));
        if (groupIds.length === 0) return;
        const valid = await tx
          .select({ id: group.id })
          .from(group)
          .where(and(eq(group.tenantId, tenantId), inArray(group.id, groupIds)));
        if (valid.length === 0) return;
        await tx.insert(userGroup).values(valid.map((g) => ({ tenantId, userId, groupId: g.id })));
      });
    },
  };
}
