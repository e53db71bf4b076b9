import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyPrincipal } from '../services/api-key.service';
import type { Services } from '../services';

export interface RestContext {
  services: Services;
  principal: Pick<ApiKeyPrincipal, 'user' | 'tenant' | 'actor'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One REST operation: its zod schemas feed both validation and the OpenAPI document. */
export interface RestRoute<
  TParams extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify syntax, e.g. /items/:id */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  params?: TParams;
  query?: z.ZodType;
  body?: TBody;
  response: TResponse;
  /** A media type other than JSON (text/csv, application/rdf+xml): the handler returns the body as text. */
  produces?: string;
  /** The handler sends the answer itself (a stored file streamed with Range support); `response` documents it. */
  streams?: true;
  successStatus?: number;
  /**
   * A GET the console links to (a download): the session cookie authenticates it too, as on the media routes.
   * API keys still go first.
   */
  consoleLink?: true;
  handler(
    input: { params: z.infer<TParams>; query: unknown; body: z.infer<TBody> },
    ctx: RestContext,
  ): Promise<z.infer<TResponse>>;
}

export function defineRoute<TParams extends z.ZodType, TBody extends z.ZodType, TResponse extends z.ZodType>(
  route: RestRoute<TParams, TBody, TResponse>,
): RestRoute<TParams, TBody, TResponse> {
  return route;
}
