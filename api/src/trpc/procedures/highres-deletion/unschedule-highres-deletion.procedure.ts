import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUnscheduleHighresDeletionInput = z.object({ itemId: z.uuid() });
export type TUnscheduleHighresDeletionInput = z.infer<typeof ZUnscheduleHighresDeletionInput>;

export const unscheduleHighresDeletionProcedure = authedProcedure
  .input(ZUnscheduleHighresDeletionInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.highresDeletions.unschedule(ctx.auth.actor, input.itemId, ctx.meta);
    return { ok: true as const };
  });
