import { z } from 'zod';
import { assertCan } from '@mam/core';
import { authedProcedure } from '../../trpc';

export const ZListSystemActivityInput = z.object({
  cursor: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type TListSystemActivityInput = z.infer<typeof ZListSystemActivityInput>;

export const listSystemActivityProcedure = authedProcedure.input(ZListSystemActivityInput).query(({ ctx, input }) => {
  assertCan(ctx.auth.actor, 'userManagement');
  return ctx.services.audit.list(ctx.auth.actor, input);
});
