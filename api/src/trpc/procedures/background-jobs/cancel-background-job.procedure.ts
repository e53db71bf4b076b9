import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZWorkflowId } from './background-job.schemas';

export const ZCancelBackgroundJobInput = z.object({ workflowId: ZWorkflowId });

export const cancelBackgroundJobProcedure = authedProcedure
  .input(ZCancelBackgroundJobInput)
  .mutation(({ ctx, input }) => ctx.services.backgroundJobs.cancel(ctx.auth.actor, input.workflowId, ctx.meta));
