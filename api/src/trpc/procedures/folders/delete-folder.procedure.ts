import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteFolderInput = z.object({ id: z.uuid() });
export type TDeleteFolderInput = z.infer<typeof ZDeleteFolderInput>;

export const deleteFolderProcedure = authedProcedure
  .input(ZDeleteFolderInput)
  .mutation(({ ctx, input }) => ctx.services.folders.remove(ctx.auth.actor, input.id, ctx.meta));
