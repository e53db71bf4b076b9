import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** Without presetId the tenant's default preset renders. */
export const ZStartRenderInput = z.object({ sequenceId: z.uuid(), presetId: z.uuid().optional() });
export type TStartRenderInput = z.infer<typeof ZStartRenderInput>;

export const startRenderProcedure = authedProcedure
  .input(ZStartRenderInput)
  .mutation(({ ctx, input }) =>
    ctx.services.centralRenders.start(ctx.auth.actor, input.sequenceId, input.presetId, ctx.meta),
  );
