import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetUserHiddenInput = z.object({ id: z.uuid(), hidden: z.boolean() });
export type TSetUserHiddenInput = z.infer<typeof ZSetUserHiddenInput>;

export const setUserHiddenProcedure = authedProcedure
  .input(ZSetUserHiddenInput)
  .mutation(({ ctx, input }) => ctx.services.users.setHidden(ctx.auth.actor, input.id, input.hidden, ctx.meta));
