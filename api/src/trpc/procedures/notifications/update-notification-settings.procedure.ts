import { NOTIFICATION_KINDS } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateNotificationSettingsInput = z.object({
  emailKinds: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length * 2),
});
export type TUpdateNotificationSettingsInput = z.infer<typeof ZUpdateNotificationSettingsInput>;

export const updateNotificationSettingsProcedure = authedProcedure
  .input(ZUpdateNotificationSettingsInput)
  .mutation(({ ctx, input }) => ctx.services.notifications.updateSettings(ctx.auth.actor, input));
