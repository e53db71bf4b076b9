import type { TRPCError } from '@trpc/server';
import { toAppError } from './trpc';

/**
 * tRPC answers its own errors, past Fastify's error handler, so a rate-limited procedure gets its Retry-After here:
 * the longest wait any failed call of the batch was given.
 */
export function trpcResponseMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  const waits = errors
    .map((error) => toAppError(error))
    .filter((error) => error.code === 'RATE_LIMITED')
    .map((error) => Number(error.params.retryAfterSeconds))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  return waits.length > 0 ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
}
