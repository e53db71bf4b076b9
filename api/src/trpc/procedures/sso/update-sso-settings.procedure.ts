import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZUpdateSsoSettingsInput = z.object({
  enabled: z.boolean(),
  issuerUrl: z.url().max(500),
  clientId: z.string().trim().min(1).max(300),
  clientSecret: z.string().max(1000).nullable().optional(),
  defaultGroupIds: z.array(z.uuid()).max(100),
});
export type TUpdateSsoSettingsInput = z.infer<typeof ZUpdateSsoSettingsInput>;

export const updateSsoSettingsProcedure = authedProcedure
  .input(ZUpdateSsoSettingsInput)
  .mutation(({ ctx, input }) => ctx.services.sso.updateSettings(ctx.auth.actor, input, ctx.meta));
