import { z } from 'zod';
import { authedProcedure } from '../../trpc';

// The definition is validated by core's form rules, which give each rule its own code and field path.
export const ZCreateMetadataFormInput = z.object({ form: z.unknown() });
export type TCreateMetadataFormInput = z.infer<typeof ZCreateMetadataFormInput>;

export const createMetadataFormProcedure = authedProcedure
  .input(ZCreateMetadataFormInput)
  .mutation(({ ctx, input }) => ctx.services.metadataForms.create(ctx.auth.actor, input.form, ctx.meta));
