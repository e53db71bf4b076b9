import { approvalStatuses } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZApprovalStatus = z.enum(approvalStatuses);

export const ZSetItemApprovalInput = z.object({
  itemId: z.uuid(),
  status: ZApprovalStatus,
});
export type TSetItemApprovalInput = z.infer<typeof ZSetItemApprovalInput>;

export const setItemApprovalProcedure = authedProcedure
  .input(ZSetItemApprovalInput)
  .mutation(({ ctx, input }) =>
    ctx.services.itemLibrary.setApproval(ctx.auth.actor, input.itemId, input.status, ctx.meta),
  );
