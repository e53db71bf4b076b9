import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListItemVersionsInput = z.object({ itemId: z.uuid() });

export const listItemVersionsProcedure = authedProcedure
  .input(ZListItemVersionsInput)
  .query(({ ctx, input }) => ctx.services.versions.list(ctx.auth.actor, input.itemId));
