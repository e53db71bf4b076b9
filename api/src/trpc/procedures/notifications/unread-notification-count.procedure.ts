import { authedProcedure } from '../../trpc';

/** The number on the bell. */
export const unreadNotificationCountProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.notifications.unreadCount(ctx.auth.actor),
);
