import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetRenderInput = z.object({ renderId: z.uuid() });
export type TGetRenderInput = z.infer<typeof ZGetRenderInput>;

export const getRenderProcedure = authedProcedure
  .input(ZGetRenderInput)
  .query(({ ctx, input }) => ctx.services.centralRenders.get(ctx.auth.actor, input.renderId));
