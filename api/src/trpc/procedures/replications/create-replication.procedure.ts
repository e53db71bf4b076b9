import type { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZReplicationInput } from './replication-input.schema';

export const ZCreateReplicationInput = ZReplicationInput;
export type TCreateReplicationInput = z.infer<typeof ZCreateReplicationInput>;

export const createReplicationProcedure = authedProcedure
  .input(ZCreateReplicationInput)
  .mutation(({ ctx, input }) => ctx.services.replications.create(ctx.auth.actor, input, ctx.meta));
