import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZReplicationInput } from './replication-input.schema';

export const ZUpdateReplicationInput = ZReplicationInput.extend({ id: z.uuid() });
export type TUpdateReplicationInput = z.infer<typeof ZUpdateReplicationInput>;

export const updateReplicationProcedure = authedProcedure
  .input(ZUpdateReplicationInput)
  .mutation(({ ctx, input: { id, ...input } }) =>
    ctx.services.replications.update(ctx.auth.actor, id, input, ctx.meta),
  );
