import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteMetadataFormInput = z.object({ id: z.uuid() });
export type TDeleteMetadataFormInput = z.infer<typeof ZDeleteMetadataFormInput>;

export const deleteMetadataFormProcedure = authedProcedure
  .input(ZDeleteMetadataFormInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.metadataForms.delete(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
