import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZListNotificationsInput = z
  .object({
    state: z.enum(['unread', 'read', 'all']).default('all'),
    limit: z.number().int().min(1).max(100).default(30),
    cursor: z.string().max(200).nullish(),
  })
  .default({ state: 'all', limit: 30 });
export type TListNotificationsInput = z.infer<typeof ZListNotificationsInput>;

/** The signed-in user's own notifications, newest first, a page at a time. */
export const listNotificationsProcedure = authedProcedure
  .input(ZListNotificationsInput)
  .query(({ ctx, input }) => ctx.services.notifications.list(ctx.auth.actor, input));
