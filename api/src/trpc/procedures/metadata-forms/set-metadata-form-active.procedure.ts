import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetMetadataFormActiveInput = z.object({ id: z.uuid(), active: z.boolean() });
export type TSetMetadataFormActiveInput = z.infer<typeof ZSetMetadataFormActiveInput>;

export const setMetadataFormActiveProcedure = authedProcedure
  .input(ZSetMetadataFormActiveInput)
  .mutation(({ ctx, input }) => ctx.services.metadataForms.setActive(ctx.auth.actor, input.id, input.active, ctx.meta));
