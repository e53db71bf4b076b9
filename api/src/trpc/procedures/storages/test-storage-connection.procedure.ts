import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZStorageInput } from './storage-input.schema';

/** A saved location by id, or an unsaved form (with the id when editing, to fall back on the stored keys). */
export const ZTestStorageConnectionInput = z
  .object({ id: z.uuid().optional(), draft: ZStorageInput.optional() })
  .refine((input) => input.id !== undefined || input.draft !== undefined, { message: 'Give an id or a draft.' });
export type TTestStorageConnectionInput = z.infer<typeof ZTestStorageConnectionInput>;

export const testStorageConnectionProcedure = authedProcedure
  .input(ZTestStorageConnectionInput)
  .mutation(({ ctx, input }) => ctx.services.storages.testConnection(ctx.auth.actor, input));
