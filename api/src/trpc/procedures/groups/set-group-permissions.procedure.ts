import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZSetGroupPermissionsInput = z.object({ id: z.uuid(), permissions: z.record(z.string(), z.boolean()) });
export type TSetGroupPermissionsInput = z.infer<typeof ZSetGroupPermissionsInput>;

export const setGroupPermissionsProcedure = authedProcedure
  .input(ZSetGroupPermissionsInput)
  .mutation(({ ctx, input }) => ctx.services.groups.setPermissions(ctx.auth.actor, input, ctx.meta));
