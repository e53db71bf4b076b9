import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZMoveFolderInput = z.object({ id: z.uuid(), parentId: z.uuid() });
export type TMoveFolderInput = z.infer<typeof ZMoveFolderInput>;

export const moveFolderProcedure = authedProcedure
  .input(ZMoveFolderInput)
  .mutation(({ ctx, input }) => ctx.services.folders.move(ctx.auth.actor, input, ctx.meta));
