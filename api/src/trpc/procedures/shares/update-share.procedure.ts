import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZShareSettings } from './share-input.schema';

export const ZUpdateShareInput = ZShareSettings.partial().extend({ id: z.uuid() });
export type TUpdateShareInput = z.infer<typeof ZUpdateShareInput>;

export const updateShareProcedure = authedProcedure
  .input(ZUpdateShareInput)
  .mutation(({ ctx, input }) => ctx.services.shares.update(ctx.auth.actor, input, ctx.meta));
