import { readFile } from 'node:fs/promises';
import { AppError, isUuid } from '@mam/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { resolvePrincipal } from './request-principal';

/**
 * The files of a running live preview, for a signed-in user of the source's tenant who may record. The service
 * accepts only the names a preview writes, so no path reaches outside its folder. Nothing is cached: the playlist
 * changes every second and a segment is deleted a few seconds after it is written.
 */
export async function livePreviewRoutes(app: FastifyInstance, options: { services: Services; apiKeyHeader: string }) {
  const { services } = options;

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const principal = await resolvePrincipal(request, services, options.apiKeyHeader);
    const { sourceId, file } = request.params as { sourceId: string; file: string };
    if (!isUuid(sourceId)) throw new AppError('NOT_FOUND');
    const filePath = services.livePreviews.file(principal.actor, sourceId, file);
    // Read whole (a segment is a few hundred kilobytes): the playlist is replaced every second, and a stream opened
    // on one version must not be sent with another's length. Deleted from the sliding window meanwhile: gone.
    const body = await readFile(filePath).catch(() => null);
    if (!body) throw new AppError('NOT_FOUND');
    void reply.header('content-type', file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
    void reply.header('cache-control', 'no-store');
    if (request.method === 'HEAD') return reply.header('content-length', String(body.length)).send();
    return reply.send(body);
  }

  app.route({ method: ['GET', 'HEAD'], url: '/api/live-previews/:sourceId/:file', handler: serve });
  // Process shutdown closes the app: no preview ffmpeg outlives it.
  app.addHook('onClose', async () => services.livePreviews.close());
}
