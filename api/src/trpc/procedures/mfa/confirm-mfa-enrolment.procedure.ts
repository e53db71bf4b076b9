import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZConfirmMfaEnrolmentInput = z.object({ code: z.string().trim().min(6).max(10) });
export type TConfirmMfaEnrolmentInput = z.infer<typeof ZConfirmMfaEnrolmentInput>;

export const confirmMfaEnrolmentProcedure = authedProcedure
  .meta({ duringMfaEnrolment: true })
  .input(ZConfirmMfaEnrolmentInput)
  .mutation(({ ctx, input }) => ctx.services.mfa.confirmEnrolment(ctx.auth.actor, input.code));
