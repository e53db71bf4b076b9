import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetFolderInput = z.object({ id: z.uuid() });
export type TGetFolderInput = z.infer<typeof ZGetFolderInput>;

export const getFolderProcedure = authedProcedure
  .input(ZGetFolderInput)
  .query(({ ctx, input }) => ctx.services.folders.get(ctx.auth.actor, input.id));
