import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZLookupOrganisationsInput = z.object({ email: z.email().max(320) });
export type TLookupOrganisationsInput = z.infer<typeof ZLookupOrganisationsInput>;

/** The organisations are e-mailed to the address; the answer is the same whether or not it has any. */
export const lookupOrganisationsProcedure = publicProcedure
  .input(ZLookupOrganisationsInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.services.auth.lookupOrganisations(input.email, ctx.meta);
    return { mailed: true as const };
  });
