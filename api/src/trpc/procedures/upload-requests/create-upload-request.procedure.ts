import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCreateUploadRequestInput = z.object({
  folderId: z.uuid(),
  pageTitle: z.string().trim().min(1).max(200),
  message: z.string().max(5000).nullable().optional(),
  /** Empty: no password. */
  password: z.string().max(1024).nullable().optional(),
  /** Null: the latest the tenant allows. */
  expiresAt: z.coerce.date().nullable().optional(),
  /** Addresses separated by space, comma or semicolon. */
  recipients: z.string().max(10000).nullable().optional(),
});
export type TCreateUploadRequestInput = z.infer<typeof ZCreateUploadRequestInput>;

export const createUploadRequestProcedure = authedProcedure
  .input(ZCreateUploadRequestInput)
  .mutation(({ ctx, input }) => ctx.services.uploadRequests.create(ctx.auth.actor, input, ctx.meta));
