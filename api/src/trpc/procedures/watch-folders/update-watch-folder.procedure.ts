import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZUpdateWatchFolderFields } from './watch-folder-input.schema';

export const ZUpdateWatchFolderInput = ZUpdateWatchFolderFields.extend({ id: z.uuid() });
export type TUpdateWatchFolderInput = z.infer<typeof ZUpdateWatchFolderInput>;

export const updateWatchFolderProcedure = authedProcedure
  .input(ZUpdateWatchFolderInput)
  .mutation(({ ctx, input: { id, ...input } }) =>
    ctx.services.watchFolders.update(ctx.auth.actor, id, input, ctx.meta),
  );
