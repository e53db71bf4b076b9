import { interchangeFormats, type TInterchangeFormat } from '@mam/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import type { RestContext } from '../rest-route';
import { interchangeFiles } from '../../services/sequences/sequence-interchange.service';
import { ZExportSequenceInput } from '../../trpc/procedures/sequences/export-sequence.procedure';
import { ZImportSequenceInput } from '../../trpc/procedures/sequences/import-sequence.procedure';
import { restMeta } from './rest-meta';

const ZIdParams = z.object({ id: z.uuid() });
const ZExportQuery = ZExportSequenceInput.pick({ startTimecode: true });

/** The file name twice: plain ASCII for old clients, UTF-8 for the rest (RFC 6266). */
export function attachment(reply: FastifyReply, fileName: string): void {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  void reply.header(
    'content-disposition',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
}

const summaries: Record<TInterchangeFormat, string> = {
  edl: 'The sequence as a CMX 3600 EDL: source clip names, reels and timecodes, each event naming its item',
  fcpxml: 'The sequence as FCPXML 1.9 for Final Cut Pro and other suites: one asset per source, a spine of clips',
  otio: 'The sequence as an OpenTimelineIO timeline (.otio JSON): a video and an audio track of clips',
};

function exportRoute(format: TInterchangeFormat) {
  return defineRoute({
    method: 'GET',
    path: `/sequences/:id/export.${format}`,
    operationId: `exportSequence${format.charAt(0).toUpperCase()}${format.slice(1)}`,
    summary: summaries[format],
    tags: ['Sequences'],
    params: ZIdParams,
    query: ZExportQuery,
    produces: interchangeFiles[format].contentType,
    response: z.string(),
    consoleLink: true,
    handler: async ({ params, query }, { services, principal, reply }: RestContext) => {
      const { startTimecode } = query as z.infer<typeof ZExportQuery>;
      const file = await services.sequenceInterchange.exportSequence(principal.actor, params.id, format, {
        ...(startTimecode ? { startTimecode } : {}),
      });
      attachment(reply, file.fileName);
      return file.text;
    },
  });
}

export const importSequenceRoute = defineRoute({
  method: 'POST',
  path: '/sequences/import',
  operationId: 'importSequence',
  summary:
    'A new sequence from an EDL, FCPXML or OpenTimelineIO file: clips are matched to items by the id our exports write, ' +
    'then by title; when any clip matches nothing, nothing is created and the answer names those clips',
  tags: ['Sequences'],
  body: ZImportSequenceInput,
  response: z.object({ id: z.uuid() }),
  successStatus: 201,
  handler: async ({ body }, { services, principal, request }) =>
    services.sequenceInterchange.importSequence(principal.actor, body, restMeta(request)),
});

export const sequenceInterchangeRoutes = [
  ...interchangeFormats.map(exportRoute),
  importSequenceRoute,
] as unknown as RestRoute[];
