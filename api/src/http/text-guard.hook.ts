import { assertValidText } from '@mam/core';
import type { FastifyRequest } from 'fastify';

/** Every route's parsed body, query and path parameters but tRPC's (REST, public pages, uploads, media). */
export async function textGuardHook(request: FastifyRequest): Promise<void> {
  // tRPC checks its decoded input itself (trpc.ts), so the console gets its error in tRPC's shape.
  if (request.url.startsWith('/trpc')) return;
  assertValidText({ params: request.params, query: request.query, body: request.body });
}
