import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZOpenLivePreviewInput = z.object({ id: z.uuid() });
export type TOpenLivePreviewInput = z.infer<typeof ZOpenLivePreviewInput>;

export const openLivePreviewProcedure = authedProcedure
  .input(ZOpenLivePreviewInput)
  .mutation(({ ctx, input }) => ctx.services.livePreviews.open(ctx.auth.actor, input.id));
