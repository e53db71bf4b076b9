import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZBackgroundJobFilters } from './background-job.schemas';

export const ZListBackgroundJobsInput = ZBackgroundJobFilters.extend({
  cursor: z.string().max(4096).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const listBackgroundJobsProcedure = authedProcedure
  .input(ZListBackgroundJobsInput)
  .query(({ ctx, input }) => ctx.services.backgroundJobs.list(ctx.auth.actor, input));
