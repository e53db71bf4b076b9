import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** null: subclips use no preset of their own. */
export const ZSetSubclipRenderPresetInput = z.object({ id: z.uuid().nullable() });
export type TSetSubclipRenderPresetInput = z.infer<typeof ZSetSubclipRenderPresetInput>;

export const setSubclipRenderPresetProcedure = authedProcedure
  .input(ZSetSubclipRenderPresetInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.renderPresets.setSubclipPreset(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
