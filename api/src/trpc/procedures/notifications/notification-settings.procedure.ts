import { authedProcedure } from '../../trpc';

/** Which kinds of notification the user also gets by e-mail. */
export const notificationSettingsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.notifications.settings(ctx.auth.actor),
);
