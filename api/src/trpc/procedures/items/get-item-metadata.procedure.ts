import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetItemMetadataInput = z.object({ itemId: z.uuid() });
export type TGetItemMetadataInput = z.infer<typeof ZGetItemMetadataInput>;

export const getItemMetadataProcedure = authedProcedure
  .input(ZGetItemMetadataInput)
  .query(({ ctx, input }) => ctx.services.itemMetadata.get(ctx.auth.actor, input.itemId));
