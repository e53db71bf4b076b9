import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZAssignCommentInput = z.object({ id: z.uuid(), assigneeId: z.uuid().nullable() });
export type TAssignCommentInput = z.infer<typeof ZAssignCommentInput>;

export const assignCommentProcedure = authedProcedure
  .input(ZAssignCommentInput)
  .mutation(({ ctx, input }) => ctx.services.comments.assign(ctx.auth.actor, input, ctx.meta));
