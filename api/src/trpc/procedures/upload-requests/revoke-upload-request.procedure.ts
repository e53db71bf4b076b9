import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZRevokeUploadRequestInput = z.object({ id: z.uuid() });
export type TRevokeUploadRequestInput = z.infer<typeof ZRevokeUploadRequestInput>;

export const revokeUploadRequestProcedure = authedProcedure
  .input(ZRevokeUploadRequestInput)
  .mutation(({ ctx, input }) => ctx.services.uploadRequests.revoke(ctx.auth.actor, input.id, ctx.meta));
