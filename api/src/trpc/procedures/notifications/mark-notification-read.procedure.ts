import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZMarkNotificationReadInput = z.object({ id: z.uuid() });
export type TMarkNotificationReadInput = z.infer<typeof ZMarkNotificationReadInput>;

/** Another user's or tenant's notification is NOT_FOUND. */
export const markNotificationReadProcedure = authedProcedure
  .input(ZMarkNotificationReadInput)
  .mutation(({ ctx, input }) => ctx.services.notifications.markRead(ctx.auth.actor, input.id));
