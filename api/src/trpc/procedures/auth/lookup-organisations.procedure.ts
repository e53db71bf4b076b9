import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZLookupOrganisationsInput = z.object({ email: z.email().max(320) });
export type TLookupOrganisationsInput = z.infer<typeof ZLookupOrganisationsInput>;

export const lookupOrganisationsProcedure = publicProcedure
  .input(ZLookupOrganisationsInput)
  .mutation(({ ctx, input }) => ctx.services.auth.lookupOrganisations(input.email));
