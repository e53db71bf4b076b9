import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateUserInput = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1).max(200).optional(),
  groupIds: z.array(z.uuid()).max(500).optional(),
});
export type TUpdateUserInput = z.infer<typeof ZUpdateUserInput>;

export const updateUserProcedure = authedProcedure
  .input(ZUpdateUserInput)
  .mutation(({ ctx, input }) => ctx.services.users.update(ctx.auth.actor, input, ctx.meta));
