import { z } from 'zod';
import { authedProcedure } from '../../trpc';

// Checked by core's live source rules, which name each problem's field.
export const ZCreateLiveSourceInput = z.object({ source: z.unknown() });
export type TCreateLiveSourceInput = z.infer<typeof ZCreateLiveSourceInput>;

export const createLiveSourceProcedure = authedProcedure
  .input(ZCreateLiveSourceInput)
  .mutation(({ ctx, input }) => ctx.services.liveSources.create(ctx.auth.actor, input.source, ctx.meta));
