import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetLiveSourceInput = z.object({ id: z.uuid() });
export type TGetLiveSourceInput = z.infer<typeof ZGetLiveSourceInput>;

export const getLiveSourceProcedure = authedProcedure
  .input(ZGetLiveSourceInput)
  .query(({ ctx, input }) => ctx.services.crashRecordings.viewSource(ctx.auth.actor, input.id));
