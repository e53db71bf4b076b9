import { z } from 'zod';
import { authedProcedure } from '../../trpc';

/** Ends the unfinished upload of an item (its owner or an administrator), as a tus termination would. */
export const ZCancelItemUploadInput = z.object({ itemId: z.uuid() });
export type TCancelItemUploadInput = z.infer<typeof ZCancelItemUploadInput>;

export const cancelItemUploadProcedure = authedProcedure
  .input(ZCancelItemUploadInput)
  .mutation(({ ctx, input }) => ctx.services.uploads.cancelForItem(ctx.auth.actor, input.itemId, ctx.meta));
