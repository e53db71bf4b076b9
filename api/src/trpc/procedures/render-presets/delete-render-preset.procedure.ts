import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZDeleteRenderPresetInput = z.object({ id: z.uuid() });
export type TDeleteRenderPresetInput = z.infer<typeof ZDeleteRenderPresetInput>;

export const deleteRenderPresetProcedure = authedProcedure
  .input(ZDeleteRenderPresetInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.renderPresets.delete(ctx.auth.actor, input.id, ctx.meta);
    return { ok: true as const };
  });
