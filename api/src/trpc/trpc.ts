import { AppError, assertValidText, isAppError, type ErrorCode } from '@mam/core';
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { TrpcContext } from './context';

export interface ProcedureMeta {
  /** Reachable while the tenant forces the user to enrol in multi-factor authentication first. */
  duringMfaEnrolment?: boolean;
}

const codeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** tRPC's own refusals of a request it cannot read or route: the client's mistake, never a 500. */
const trpcClientErrors: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  PARSE_ERROR: 'VALIDATION_FAILED',
  BAD_REQUEST: 'VALIDATION_FAILED',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const fastifyClientErrors: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The AppError a failure stands for: ours as is, zod's as VALIDATION_FAILED, tRPC's and Fastify's refusals of a
 * request as the matching 4xx, anything else as INTERNAL.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof TRPCError && isAppError(error.cause)) return error.cause;
  const zod =
    error instanceof ZodError
      ? error
      : error instanceof TRPCError && error.cause instanceof ZodError
        ? error.cause
        : null;
  if (zod) {
    return new AppError('VALIDATION_FAILED', {
      issues: zod.issues.map((i) => ({ path: i.path.join('.'), code: 'VALIDATION_FAILED', message: i.message })),
    });
  }
  if (error instanceof TRPCError) {
    const code = trpcClientErrors[error.code];
    if (code) return new AppError(code);
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  // Fastify's own refusals (unreadable JSON, unknown content type, oversized body, schema validation).
  if (!(error instanceof TRPCError) && typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(fastifyClientErrors[status] ?? 'VALIDATION_FAILED');
  }
  return new AppError('INTERNAL', { cause: error });
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const appError = toAppError(error);
      // Never a stack trace or an internal message to the client.
      return {
        ...shape,
        message: appError.message,
        data: { code: shape.data.code, httpStatus: appError.status, appError: appError.toJSON() },
      };
    },
  });

/** Re-raises AppErrors as TRPCErrors with the matching HTTP status; logs what nobody raised on purpose. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const appError = toAppError(result.error.cause ?? result.error);
    if (appError.code === 'INTERNAL')
      ctx.log.error({ err: result.error.cause ?? result.error, path }, 'procedure failed');
    throw new TRPCError({
      code: codeByStatus[appError.status] ?? 'INTERNAL_SERVER_ERROR',
      message: appError.message,
      cause: appError,
    });
  }
  return result;
});

export const router = t.router;
/** The same text check as every other route's (text-guard.hook), on the input as tRPC decoded it (GET too). */
const textGuard = t.middleware(async ({ getRawInput, next }) => {
  assertValidText({ input: await getRawInput() });
  return next();
});

export const publicProcedure = t.procedure.use(errorMapping).use(textGuard);

/** A signed-in user; while MFA enrolment is forced, only the procedures that lead there. */
export const authedProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  const session = await ctx.session();
  if (!session) throw new AppError('UNAUTHENTICATED');
  if (session.mfaEnrolmentRequired && !meta?.duringMfaEnrolment) throw new AppError('MFA_ENROLMENT_REQUIRED');
  return next({ ctx: { ...ctx, auth: session } });
});
