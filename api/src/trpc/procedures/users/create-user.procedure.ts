import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCreateUserInput = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200),
  password: z.string().max(1000).nullable(),
  groupIds: z.array(z.uuid()).max(500),
});
export type TCreateUserInput = z.infer<typeof ZCreateUserInput>;

export const createUserProcedure = authedProcedure
  .input(ZCreateUserInput)
  .mutation(({ ctx, input }) => ctx.services.users.create(ctx.auth.actor, input, ctx.meta));
