import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Health checks and the console's files (its pages, /assets/*, locales): everything outside /api and /trpc. */
export function isQuietRequest(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (pathname === '/api/health') return true;
  return !(
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/trpc' ||
    pathname.startsWith('/trpc/')
  );
}

/**
 * Fastify's request lines, at debug for quiet requests: a load balancer's health checks and a browser fetching the
 * console's files would otherwise drown the requests that do work at info. Errors keep their level.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!isQuietRequest(request.url)) return super.incomingRequest(request, reply, metadata);
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || !isQuietRequest(request.url)) return super.requestCompleted(error, request, reply, metadata);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
