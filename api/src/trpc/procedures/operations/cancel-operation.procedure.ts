import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZCancelOperationInput = z.object({ operationId: z.uuid() });

export const cancelOperationProcedure = authedProcedure
  .input(ZCancelOperationInput)
  .mutation(({ ctx, input }) => ctx.services.processing.cancel(ctx.auth.actor, input.operationId));
