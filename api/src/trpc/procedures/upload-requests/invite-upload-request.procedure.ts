import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZInviteUploadRequestInput = z.object({
  id: z.uuid(),
  /** Addresses separated by space, comma or semicolon. */
  recipients: z.string().max(10000),
  message: z.string().max(5000).nullable().optional(),
});
export type TInviteUploadRequestInput = z.infer<typeof ZInviteUploadRequestInput>;

export const inviteUploadRequestProcedure = authedProcedure
  .input(ZInviteUploadRequestInput)
  .mutation(({ ctx, input }) => ctx.services.uploadRequests.invite(ctx.auth.actor, input, ctx.meta));
