import { operationKinds, ZIsoDateTime } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListOperationsInput = z.object({
  everyone: z.boolean().default(false),
  kinds: z.array(z.enum(operationKinds)).optional(),
  before: ZIsoDateTime.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const listOperationsProcedure = authedProcedure
  .input(ZListOperationsInput)
  .query(({ ctx, input }) => ctx.services.processing.listOperations(ctx.auth.actor, input));
