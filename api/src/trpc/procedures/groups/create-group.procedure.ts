import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCreateGroupInput = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z.record(z.string(), z.boolean()).optional(),
});
export type TCreateGroupInput = z.infer<typeof ZCreateGroupInput>;

export const createGroupProcedure = authedProcedure
  .input(ZCreateGroupInput)
  .mutation(({ ctx, input }) => ctx.services.groups.create(ctx.auth.actor, input, ctx.meta));
