import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListRelationsInput = z.object({ itemId: z.uuid() });
export type TListRelationsInput = z.infer<typeof ZListRelationsInput>;

export const listRelationsProcedure = authedProcedure
  .input(ZListRelationsInput)
  .query(({ ctx, input }) => ctx.services.relations.list(ctx.auth.actor, input.itemId));
