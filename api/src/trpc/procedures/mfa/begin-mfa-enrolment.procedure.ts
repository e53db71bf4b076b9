import { authedProcedure } from '../../trpc';

export const beginMfaEnrolmentProcedure = authedProcedure
  .meta({ duringMfaEnrolment: true })
  .mutation(({ ctx }) => ctx.services.mfa.beginEnrolment(ctx.auth.actor, ctx.auth.tenant.name));
