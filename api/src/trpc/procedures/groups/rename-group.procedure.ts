import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZRenameGroupInput = z.object({ id: z.uuid(), name: z.string().trim().min(1).max(100) });
export type TRenameGroupInput = z.infer<typeof ZRenameGroupInput>;

export const renameGroupProcedure = authedProcedure
  .input(ZRenameGroupInput)
  .mutation(({ ctx, input }) => ctx.services.groups.rename(ctx.auth.actor, input, ctx.meta));
