import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetCommentResolvedInput = z.object({ id: z.uuid(), resolved: z.boolean() });
export type TSetCommentResolvedInput = z.infer<typeof ZSetCommentResolvedInput>;

export const setCommentResolvedProcedure = authedProcedure
  .input(ZSetCommentResolvedInput)
  .mutation(({ ctx, input }) => ctx.services.comments.setResolved(ctx.auth.actor, input, ctx.meta));
