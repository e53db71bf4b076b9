import { itemRelationKinds } from '@mam/db';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZAddRelationInput = z.object({
  fromItemId: z.uuid(),
  toItemId: z.uuid(),
  kind: z.enum(itemRelationKinds),
});
export type TAddRelationInput = z.infer<typeof ZAddRelationInput>;

export const addRelationProcedure = authedProcedure
  .input(ZAddRelationInput)
  .mutation(({ ctx, input }) => ctx.services.relations.add(ctx.auth.actor, input, ctx.meta));
