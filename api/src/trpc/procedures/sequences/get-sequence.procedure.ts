import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetSequenceInput = z.object({ id: z.uuid() });
export type TGetSequenceInput = z.infer<typeof ZGetSequenceInput>;

export const getSequenceProcedure = authedProcedure
  .input(ZGetSequenceInput)
  .query(({ ctx, input }) => ctx.services.sequences.get(ctx.auth.actor, input.id));
