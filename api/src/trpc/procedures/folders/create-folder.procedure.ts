import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZAccessInput } from './folder-access.schema';

export const ZFolderName = z.string().trim().min(1).max(200);

export const ZCreateFolderInput = z.object({
  /** Without a parent the folder goes into the tenant root. */
  parentId: z.uuid().optional(),
  name: ZFolderName,
  visibleTo: ZAccessInput.optional(),
  updatableBy: ZAccessInput.optional(),
});
export type TCreateFolderInput = z.infer<typeof ZCreateFolderInput>;

export const createFolderProcedure = authedProcedure
  .input(ZCreateFolderInput)
  .mutation(({ ctx, input }) => ctx.services.folders.create(ctx.auth.actor, input, ctx.meta));
