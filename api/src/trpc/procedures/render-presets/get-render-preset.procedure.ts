import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZGetRenderPresetInput = z.object({ id: z.uuid() });
export type TGetRenderPresetInput = z.infer<typeof ZGetRenderPresetInput>;

export const getRenderPresetProcedure = authedProcedure
  .input(ZGetRenderPresetInput)
  .query(({ ctx, input }) => ctx.services.renderPresets.get(ctx.auth.actor, input.id));
