import { ZHighresDeletionWhen } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZScheduleHighresDeletionInput = z.object({ itemId: z.uuid(), when: ZHighresDeletionWhen });
export type TScheduleHighresDeletionInput = z.infer<typeof ZScheduleHighresDeletionInput>;

export const scheduleHighresDeletionProcedure = authedProcedure
  .input(ZScheduleHighresDeletionInput)
  .mutation(({ ctx, input }) =>
    ctx.services.highresDeletions.schedule(ctx.auth.actor, input.itemId, input.when, ctx.meta),
  );
