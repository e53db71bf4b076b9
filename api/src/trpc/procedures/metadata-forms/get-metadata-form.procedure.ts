import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetMetadataFormInput = z.object({ id: z.uuid() });
export type TGetMetadataFormInput = z.infer<typeof ZGetMetadataFormInput>;

export const getMetadataFormProcedure = authedProcedure
  .input(ZGetMetadataFormInput)
  .query(({ ctx, input }) => ctx.services.metadataForms.get(ctx.auth.actor, input.id));
