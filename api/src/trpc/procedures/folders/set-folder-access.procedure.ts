import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZAccessInput } from './folder-access.schema';

export const ZSetFolderAccessInput = z.object({
  id: z.uuid(),
  visibleTo: ZAccessInput.optional(),
  updatableBy: ZAccessInput.optional(),
});
export type TSetFolderAccessInput = z.infer<typeof ZSetFolderAccessInput>;

export const setFolderAccessProcedure = authedProcedure
  .input(ZSetFolderAccessInput)
  .mutation(({ ctx, input }) => ctx.services.folders.setAccess(ctx.auth.actor, input, ctx.meta));
