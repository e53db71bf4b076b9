import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetDefaultRenderPresetInput = z.object({ id: z.uuid() });
export type TSetDefaultRenderPresetInput = z.infer<typeof ZSetDefaultRenderPresetInput>;

export const setDefaultRenderPresetProcedure = authedProcedure
  .input(ZSetDefaultRenderPresetInput)
  .mutation(({ ctx, input }) => ctx.services.renderPresets.setDefault(ctx.auth.actor, input.id, ctx.meta));
