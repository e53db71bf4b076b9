import { restoreTiers } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZRestoreItemInput = z.object({ itemId: z.uuid(), tier: z.enum(restoreTiers).default('standard') });
export type TRestoreItemInput = z.infer<typeof ZRestoreItemInput>;

export const restoreItemProcedure = authedProcedure
  .input(ZRestoreItemInput)
  .mutation(async ({ ctx, input }) =>
    ctx.services.archive.restore(ctx.auth.actor, input.itemId, { tier: input.tier }, ctx.meta),
  );
