import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZShareSettings } from './share-input.schema';

export const ZCreateShareInput = ZShareSettings.extend({
  itemIds: z.array(z.uuid()).max(500).optional(),
  folderId: z.uuid().nullable().optional(),
});
export type TCreateShareInput = z.infer<typeof ZCreateShareInput>;

export const createShareProcedure = authedProcedure
  .input(ZCreateShareInput)
  .mutation(({ ctx, input }) => ctx.services.shares.create(ctx.auth.actor, input, ctx.meta));
