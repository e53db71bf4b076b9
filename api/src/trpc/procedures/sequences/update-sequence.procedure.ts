import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemTitle } from '../items/update-item.procedure';
import { ZSequenceClips } from './sequence-clip.schema';

export const ZUpdateSequenceInput = z.object({
  id: z.uuid(),
  title: ZItemTitle.optional(),
  clips: ZSequenceClips.optional(),
});
export type TUpdateSequenceInput = z.infer<typeof ZUpdateSequenceInput>;

export const updateSequenceProcedure = authedProcedure.input(ZUpdateSequenceInput).mutation(({ ctx, input }) => {
  const { id, ...changes } = input;
  return ctx.services.sequences.update(ctx.auth.actor, id, changes, ctx.meta);
});
