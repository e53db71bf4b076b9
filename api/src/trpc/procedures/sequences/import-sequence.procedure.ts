import { importFormats } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';
import { ZItemTitle } from '../items/update-item.procedure';

/** The largest file an import reads: an EDL or OTIO of a long programme is a few megabytes at most. */
export const SEQUENCE_IMPORT_MAX_CHARS = 20_000_000;

export const ZImportSequenceInput = z.object({
  format: z.enum(importFormats),
  text: z.string().min(1).max(SEQUENCE_IMPORT_MAX_CHARS),
  title: ZItemTitle,
  folderId: z.uuid().nullish(),
});
export type TImportSequenceInput = z.infer<typeof ZImportSequenceInput>;

export const importSequenceProcedure = authedProcedure
  .input(ZImportSequenceInput)
  .mutation(({ ctx, input }) => ctx.services.sequenceInterchange.importSequence(ctx.auth.actor, input, ctx.meta));
