import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUploadRequestEmailsInput = z.object({ id: z.uuid() });
export type TUploadRequestEmailsInput = z.infer<typeof ZUploadRequestEmailsInput>;

export const uploadRequestEmailsProcedure = authedProcedure
  .input(ZUploadRequestEmailsInput)
  .query(({ ctx, input }) => ctx.services.uploadRequests.emails(ctx.auth.actor, input.id));
