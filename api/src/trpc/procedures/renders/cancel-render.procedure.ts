import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCancelRenderInput = z.object({ renderId: z.uuid() });
export type TCancelRenderInput = z.infer<typeof ZCancelRenderInput>;

export const cancelRenderProcedure = authedProcedure
  .input(ZCancelRenderInput)
  .mutation(({ ctx, input }) => ctx.services.centralRenders.cancel(ctx.auth.actor, input.renderId, ctx.meta));
