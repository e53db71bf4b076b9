import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListSequenceRendersInput = z.object({ sequenceId: z.uuid() });
export type TListSequenceRendersInput = z.infer<typeof ZListSequenceRendersInput>;

export const listSequenceRendersProcedure = authedProcedure
  .input(ZListSequenceRendersInput)
  .query(({ ctx, input }) => ctx.services.centralRenders.listForSequence(ctx.auth.actor, input.sequenceId));
