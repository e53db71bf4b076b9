import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../../services';

/** Who is asking, for the audit trail: the same fields the console's tRPC context records. */
export function restMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
