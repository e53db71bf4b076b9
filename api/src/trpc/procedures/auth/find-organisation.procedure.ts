import { z } from 'zod';
import { publicProcedure } from '../../trpc';

export const ZFindOrganisationInput = z.object({ slug: z.string().trim().min(1).max(100) });
export type TFindOrganisationInput = z.infer<typeof ZFindOrganisationInput>;

export const findOrganisationProcedure = publicProcedure
  .input(ZFindOrganisationInput)
  .query(({ ctx, input }) => ctx.services.auth.findOrganisation(input.slug));
