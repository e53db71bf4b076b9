import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateRenderPresetInput = z.object({ id: z.uuid(), preset: z.unknown() });
export type TUpdateRenderPresetInput = z.infer<typeof ZUpdateRenderPresetInput>;

export const updateRenderPresetProcedure = authedProcedure
  .input(ZUpdateRenderPresetInput)
  .mutation(({ ctx, input }) => ctx.services.renderPresets.update(ctx.auth.actor, input.id, input.preset, ctx.meta));
