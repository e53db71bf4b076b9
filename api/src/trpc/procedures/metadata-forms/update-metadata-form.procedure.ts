import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateMetadataFormInput = z.object({
  id: z.uuid(),
  /** The revision the editor started from; a newer one on the server means FORM_CHANGED_ELSEWHERE. */
  revision: z.number().int().min(1),
  form: z.unknown(),
});
export type TUpdateMetadataFormInput = z.infer<typeof ZUpdateMetadataFormInput>;

export const updateMetadataFormProcedure = authedProcedure
  .input(ZUpdateMetadataFormInput)
  .mutation(({ ctx, input }) =>
    ctx.services.metadataForms.update(ctx.auth.actor, input.id, input.revision, input.form, ctx.meta),
  );
