import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetApiKeyActiveInput = z.object({ id: z.uuid(), active: z.boolean() });
export type TSetApiKeyActiveInput = z.infer<typeof ZSetApiKeyActiveInput>;

export const setApiKeyActiveProcedure = authedProcedure
  .input(ZSetApiKeyActiveInput)
  .mutation(({ ctx, input }) => ctx.services.apiKeys.setActive(ctx.auth.actor, input.id, input.active, ctx.meta));
