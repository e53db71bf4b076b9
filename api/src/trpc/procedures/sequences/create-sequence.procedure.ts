import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemTitle } from '../items/update-item.procedure';
import { ZSequenceClips } from './sequence-clip.schema';

export const ZCreateSequenceInput = z.object({
  title: ZItemTitle,
  folderId: z.uuid().nullish(),
  clips: ZSequenceClips,
});
export type TCreateSequenceInput = z.infer<typeof ZCreateSequenceInput>;

export const createSequenceProcedure = authedProcedure
  .input(ZCreateSequenceInput)
  .mutation(({ ctx, input }) => ctx.services.sequences.create(ctx.auth.actor, input, ctx.meta));
