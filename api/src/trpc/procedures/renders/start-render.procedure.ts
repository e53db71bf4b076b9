import { ZStartTimecode } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** Without presetId the tenant's default preset renders; startTimecode only where the preset lets a render choose. */
export const ZStartRenderInput = z.object({
  sequenceId: z.uuid(),
  presetId: z.uuid().optional(),
  startTimecode: ZStartTimecode.optional(),
});
export type TStartRenderInput = z.infer<typeof ZStartRenderInput>;

export const startRenderProcedure = authedProcedure.input(ZStartRenderInput).mutation(({ ctx, input }) =>
  ctx.services.centralRenders.start(ctx.auth.actor, input.sequenceId, input.presetId, ctx.meta, {
    startTimecode: input.startTimecode,
  }),
);
