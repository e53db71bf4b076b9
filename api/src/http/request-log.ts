import pino, { type LoggerOptions } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Share links, upload-request links and their API calls carry the link's token in the path; whoever reads the logs
 * must not be able to open the share. The token (the next path segment) is replaced, the rest of the path kept so
 * the log still says which page or call it was.
 */
const TOKEN_IN_PATH =
  /(?<=^|[\s"'(=,]|https?:\/\/[^/\s]+)(\/(?:s|u|api\/v1\/public\/shares|api\/v1\/public\/upload-requests)\/)[^/?#\s"'<>]+/g;
/** Query parameters that carry a secret: SSO authorisation codes and state, signed media links, one-time codes. */
const SECRET_QUERY = /([?&](?:token|code|state|signature|sig|password|key)=)[^&#\s"'<>]*/gi;
export const REDACTED = '[redacted]';

/** The text with every share or upload-request token and secret query value replaced. */
export function redactUrl(text: string): string {
  return text.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/** Errors may quote the URL they failed on (a fetch, a route): their message and stack are redacted too. */
export function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> &
    Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const key of ['message', 'stack', 'url'] as const) {
    const value = serialized[key];
    if (typeof value === 'string') serialized[key] = redactUrl(value);
  }
  return serialized;
}

/** The server's pino options: request and error serializers that keep link tokens out, and secret headers redacted. */
export function requestLogOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["upload-request"]'],
  };
}

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
