import { authedProcedure } from '../../trpc';

export const getSsoSettingsProcedure = authedProcedure.query(({ ctx }) => ctx.services.sso.getSettings(ctx.auth.actor));
