import { z } from 'zod';
import { authedProcedure } from '../../trpc';

// The preset is checked by core's preset rules, which name each problem's field.
export const ZCreateRenderPresetInput = z.object({ preset: z.unknown() });
export type TCreateRenderPresetInput = z.infer<typeof ZCreateRenderPresetInput>;

export const createRenderPresetProcedure = authedProcedure
  .input(ZCreateRenderPresetInput)
  .mutation(({ ctx, input }) => ctx.services.renderPresets.create(ctx.auth.actor, input.preset, ctx.meta));
