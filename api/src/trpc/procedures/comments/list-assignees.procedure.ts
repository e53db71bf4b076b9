import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListAssigneesInput = z.object({ itemId: z.uuid() });
export type TListAssigneesInput = z.infer<typeof ZListAssigneesInput>;

export const listAssigneesProcedure = authedProcedure
  .input(ZListAssigneesInput)
  .query(({ ctx, input }) => ctx.services.comments.assignees(ctx.auth.actor, input.itemId));
