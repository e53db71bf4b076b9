import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client/database';
import { sequenceClip } from '../schema';

export type TSequenceClipRow = typeof sequenceClip.$inferSelect;

export interface TSequenceClipWrite {
  sourceItemId: string;
  inFrame: number;
  outFrame: number;
}

export function createSequenceClipRepository(db: Database) {
  return {
    /** The sequence's clips in play order. */
    async listForSequence(tenantId: string, sequenceItemId: string): Promise<TSequenceClipRow[]> {
      return db
        .select()
        .from(sequenceClip)
        .where(and(eq(sequenceClip.tenantId, tenantId), eq(sequenceClip.sequenceItemId, sequenceItemId)))
        .orderBy(asc(sequenceClip.position));
    },
    /**
     * Sets the sequence's clips to `clips`, in their order. Run it in the transaction of the change: the old list is
     * deleted first so the positions never clash.
     */
    async replace(tenantId: string, sequenceItemId: string, clips: readonly TSequenceClipWrite[]): Promise<void> {
      await db
        .delete(sequenceClip)
        .where(and(eq(sequenceClip.tenantId, tenantId), eq(sequenceClip.sequenceItemId, sequenceItemId)));
      if (clips.length === 0) return;
      await db
        .insert(sequenceClip)
        .values(clips.map((clip, position) => ({ ...clip, tenantId, sequenceItemId, position })));
    },
  };
}
