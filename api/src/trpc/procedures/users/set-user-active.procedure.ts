import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetUserActiveInput = z.object({ id: z.uuid(), active: z.boolean() });
export type TSetUserActiveInput = z.infer<typeof ZSetUserActiveInput>;

export const setUserActiveProcedure = authedProcedure
  .input(ZSetUserActiveInput)
  .mutation(({ ctx, input }) => ctx.services.users.setActive(ctx.auth.actor, input.id, input.active, ctx.meta));
