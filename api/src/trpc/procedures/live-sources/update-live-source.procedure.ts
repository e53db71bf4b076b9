import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateLiveSourceInput = z.object({ id: z.uuid(), source: z.unknown() });
export type TUpdateLiveSourceInput = z.infer<typeof ZUpdateLiveSourceInput>;

export const updateLiveSourceProcedure = authedProcedure
  .input(ZUpdateLiveSourceInput)
  .mutation(({ ctx, input }) => ctx.services.liveSources.update(ctx.auth.actor, input.id, input.source, ctx.meta));
