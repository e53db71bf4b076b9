import { AppError, findInvalidText } from '@mam/core';
import type { FastifyRequest } from 'fastify';

/**
 * TEXT_INVALID for input holding text the database cannot store (NUL, lone surrogates), with where it was found.
 * Refused before any handler runs, so no route writes half of it or answers 500 from deep inside a query.
 */
export function assertValidText(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const path = findInvalidText(value);
    if (path === null) continue;
    const where = path === '' ? part : `${part}.${path}`;
    throw new AppError('TEXT_INVALID', {
      issues: [{ path: where, code: 'TEXT_INVALID', message: 'Contains characters that are not allowed' }],
    });
  }
}

/** Every other route's parsed body, query and path parameters (REST, public pages, uploads, media). */
export async function textGuardHook(request: FastifyRequest): Promise<void> {
  // tRPC checks its decoded input itself (trpc.ts), so the console gets its error in tRPC's shape.
  if (request.url.startsWith('/trpc')) return;
  assertValidText({ params: request.params, query: request.query, body: request.body });
}
