import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZWorkflowId } from './background-job.schemas';

export const ZTerminateBackgroundJobInput = z.object({ workflowId: ZWorkflowId });

export const terminateBackgroundJobProcedure = authedProcedure
  .input(ZTerminateBackgroundJobInput)
  .mutation(({ ctx, input }) => ctx.services.backgroundJobs.terminate(ctx.auth.actor, input.workflowId, ctx.meta));
