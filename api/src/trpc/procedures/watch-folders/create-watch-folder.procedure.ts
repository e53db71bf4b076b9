import type { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZCreateWatchFolderFields } from './watch-folder-input.schema';

export const ZCreateWatchFolderInput = ZCreateWatchFolderFields;
export type TCreateWatchFolderInput = z.infer<typeof ZCreateWatchFolderInput>;

export const createWatchFolderProcedure = authedProcedure
  .input(ZCreateWatchFolderInput)
  .mutation(({ ctx, input }) => ctx.services.watchFolders.create(ctx.auth.actor, input, ctx.meta));
