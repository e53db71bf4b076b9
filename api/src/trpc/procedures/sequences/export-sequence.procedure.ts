import { interchangeFormats } from '@mam/core';
import { z } from 'zod';
import { authedProcedure } from '../../trpc';

export const ZExportSequenceInput = z.object({
  id: z.uuid(),
  format: z.enum(interchangeFormats),
  startTimecode: z
    .string()
    .regex(/^\d{2}:\d{2}:\d{2}[:;]\d{2,3}$/)
    .optional()
    .describe("Record timecode of the sequence's first frame; '01:00:00:00' when absent"),
});
export type TExportSequenceInput = z.infer<typeof ZExportSequenceInput>;

/** The file (name, content type, text) an editing suite opens: EDL, FCPXML or OpenTimelineIO. */
export const exportSequenceProcedure = authedProcedure.input(ZExportSequenceInput).query(({ ctx, input }) =>
  ctx.services.sequenceInterchange.exportSequence(ctx.auth.actor, input.id, input.format, {
    ...(input.startTimecode ? { startTimecode: input.startTimecode } : {}),
  }),
);
