import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZFolderName } from './create-folder.procedure';

export const ZRenameFolderInput = z.object({ id: z.uuid(), name: ZFolderName });
export type TRenameFolderInput = z.infer<typeof ZRenameFolderInput>;

export const renameFolderProcedure = authedProcedure
  .input(ZRenameFolderInput)
  .mutation(({ ctx, input }) => ctx.services.folders.rename(ctx.auth.actor, input, ctx.meta));
