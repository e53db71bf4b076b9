import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../client/database';
import { highresDeletion, type THighresDeletionState } from '../schema';

export type THighresDeletionRow = typeof highresDeletion.$inferSelect;

export function createHighresDeletionRepository(db: Database) {
  const ofItem = (tenantId: string, itemId: string) =>
    and(eq(highresDeletion.tenantId, tenantId), eq(highresDeletion.itemId, itemId));

  return {
    async find(tenantId: string, itemId: string): Promise<THighresDeletionRow | undefined> {
      const [row] = await db.select().from(highresDeletion).where(ofItem(tenantId, itemId));
      return row;
    },

    /**
     * Schedules (or moves) the deletion. A row already deleting or deleted stays as it is: undefined then, so a
     * schedule racing the deletion never revives it.
     */
    async schedule(
      tenantId: string,
      itemId: string,
      at: Date,
      requestedBy: string | null,
    ): Promise<THighresDeletionRow | undefined> {
      const [row] = await db
        .insert(highresDeletion)
        .values({ tenantId, itemId, at, requestedBy, state: 'scheduled' })
        .onConflictDoUpdate({
          target: [highresDeletion.tenantId, highresDeletion.itemId],
          set: { at, requestedBy, state: 'scheduled', updatedAt: sql`now()` },
          setWhere: inArray(highresDeletion.state, ['scheduled', 'cancelled']),
        })
        .returning();
      return row;
    },

    /** Moves the row from one of `from` to `to`; undefined when it was in none of them (someone got there first). */
    async transition(
      tenantId: string,
      itemId: string,
      from: readonly THighresDeletionState[],
      to: THighresDeletionState,
    ): Promise<THighresDeletionRow | undefined> {
      const [row] = await db
        .update(highresDeletion)
        .set({ state: to, updatedAt: sql`now()` })
        .where(and(ofItem(tenantId, itemId), inArray(highresDeletion.state, [...from])))
        .returning();
      return row;
    },

    /**
     * Claims a due deletion: scheduled for exactly `at` (not moved since it was planned) and due by `now`, or
     * claimed already by an attempt that did not finish. Undefined when the schedule changed meanwhile.
     */
    async claimDue(tenantId: string, itemId: string, at: Date, now: Date): Promise<THighresDeletionRow | undefined> {
      const [row] = await db
        .update(highresDeletion)
        .set({ state: 'deleting', updatedAt: sql`now()` })
        .where(
          and(
            ofItem(tenantId, itemId),
            sql`(${highresDeletion.state} = 'deleting' or (${and(
              eq(highresDeletion.state, 'scheduled'),
              eq(highresDeletion.at, at),
              lte(highresDeletion.at, now),
            )}))`,
          ),
        )
        .returning();
      return row;
    },
  };
}
