import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZPromoteItemVersionInput = z.object({ itemId: z.uuid(), versionId: z.uuid() });

export const promoteItemVersionProcedure = authedProcedure
  .input(ZPromoteItemVersionInput)
  .mutation(({ ctx, input }) => ctx.services.versions.promote(ctx.auth.actor, input.itemId, input.versionId));
