import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZInviteShareInput = z.object({
  id: z.uuid(),
  /** Addresses separated by spaces, commas or semicolons (spec section 5). */
  recipients: z.string().max(10_000),
  message: z.string().max(5000).nullable().optional(),
});
export type TInviteShareInput = z.infer<typeof ZInviteShareInput>;

export const inviteShareProcedure = authedProcedure
  .input(ZInviteShareInput)
  .mutation(({ ctx, input }) => ctx.services.shares.invite(ctx.auth.actor, input, ctx.meta));
