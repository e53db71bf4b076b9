import { authedProcedure } from '../../trpc';

export const markAllNotificationsReadProcedure = authedProcedure.mutation(({ ctx }) =>
  ctx.services.notifications.markAllRead(ctx.auth.actor),
);
