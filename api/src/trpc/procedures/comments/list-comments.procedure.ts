import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListCommentsInput = z.object({ itemId: z.uuid() });
export type TListCommentsInput = z.infer<typeof ZListCommentsInput>;

export const listCommentsProcedure = authedProcedure
  .input(ZListCommentsInput)
  .query(({ ctx, input }) => ctx.services.comments.list(ctx.auth.actor, input.itemId));
