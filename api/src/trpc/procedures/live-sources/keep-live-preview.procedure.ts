import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZKeepLivePreviewInput = z.object({ id: z.uuid() });
export type TKeepLivePreviewInput = z.infer<typeof ZKeepLivePreviewInput>;

/** The viewer's heartbeat: a mutation, since it keeps a process running (and must not be cached or prefetched). */
export const keepLivePreviewProcedure = authedProcedure
  .input(ZKeepLivePreviewInput)
  .mutation(({ ctx, input }) => ctx.services.livePreviews.keep(ctx.auth.actor, input.id));
