import { authedProcedure } from '../../trpc';

export const listRenderPresetsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.renderPresets.list(ctx.auth.actor),
);
