import { z } from 'zod';
import { ZFrame } from '../sequences/sequence-clip.schema';
import { authedProcedure } from '../../trpc';
import { ZItemTitle } from '../items/update-item.procedure';

export const ZCreateVirtualClipInput = z.object({
  itemId: z.uuid(),
  title: ZItemTitle,
  inFrame: ZFrame,
  outFrame: ZFrame.describe('Exclusive'),
});
export type TCreateVirtualClipInput = z.infer<typeof ZCreateVirtualClipInput>;

export const createVirtualClipProcedure = authedProcedure.input(ZCreateVirtualClipInput).mutation(({ ctx, input }) => {
  const { itemId, ...range } = input;
  return ctx.services.virtualClips.create(ctx.auth.actor, itemId, range, ctx.meta);
});
