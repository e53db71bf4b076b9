import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZWorkflowId } from './background-job.schemas';

export const ZGetBackgroundJobInput = z.object({ workflowId: ZWorkflowId });

export const getBackgroundJobProcedure = authedProcedure
  .input(ZGetBackgroundJobInput)
  .query(({ ctx, input }) => ctx.services.backgroundJobs.get(ctx.auth.actor, input.workflowId));
