import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZLiveSourceStatusInput = z.object({ id: z.uuid() });
export type TLiveSourceStatusInput = z.infer<typeof ZLiveSourceStatusInput>;

export const liveSourceStatusProcedure = authedProcedure
  .input(ZLiveSourceStatusInput)
  .query(({ ctx, input }) => ctx.services.liveSourceMonitor.status(ctx.auth.actor, input.id));
