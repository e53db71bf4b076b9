import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetHighresDeletionInput = z.object({ itemId: z.uuid() });
export type TGetHighresDeletionInput = z.infer<typeof ZGetHighresDeletionInput>;

export const getHighresDeletionProcedure = authedProcedure
  .input(ZGetHighresDeletionInput)
  .query(({ ctx, input }) => ctx.services.highresDeletions.get(ctx.auth.actor, input.itemId));
