import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZWorkflowId } from './background-job.schemas';

export const ZRetryBackgroundJobInput = z.object({ workflowId: ZWorkflowId });

export const retryBackgroundJobProcedure = authedProcedure
  .input(ZRetryBackgroundJobInput)
  .mutation(({ ctx, input }) => ctx.services.backgroundJobs.retry(ctx.auth.actor, input.workflowId, ctx.meta));
