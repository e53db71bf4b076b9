import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListMentionTargetsInput = z.object({ itemId: z.uuid() });
export type TListMentionTargetsInput = z.infer<typeof ZListMentionTargetsInput>;

/** Users and groups the @ picker of the comment form offers (commentWrite). */
export const listMentionTargetsProcedure = authedProcedure
  .input(ZListMentionTargetsInput)
  .query(({ ctx, input }) => ctx.services.comments.mentionTargets(ctx.auth.actor, input.itemId));
