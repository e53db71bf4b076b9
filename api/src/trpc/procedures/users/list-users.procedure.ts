import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListUsersInput = z.object({ includeHidden: z.boolean().default(false) });
export type TListUsersInput = z.infer<typeof ZListUsersInput>;

export const listUsersProcedure = authedProcedure
  .input(ZListUsersInput)
  .query(({ ctx, input }) => ctx.services.users.list(ctx.auth.actor, input));
