import { AppError, isAppError } from '@mam/core';
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
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** The AppError a failure stands for: ours as is, zod's as VALIDATION_FAILED, anything else as INTERNAL. */
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
  if (error instanceof TRPCError && error.code === 'NOT_FOUND') return new AppError('NOT_FOUND');
  if (error instanceof TRPCError && error.code === 'PAYLOAD_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (error instanceof TRPCError && error.code === 'PARSE_ERROR') return new AppError('VALIDATION_FAILED');
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
export const publicProcedure = t.procedure.use(errorMapping);

/** A signed-in user; while MFA enrolment is forced, only the procedures that lead there. */
export const authedProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  const session = await ctx.session();
  if (!session) throw new AppError('UNAUTHENTICATED');
  if (session.mfaEnrolmentRequired && !meta?.duringMfaEnrolment) throw new AppError('MFA_ENROLMENT_REQUIRED');
  return next({ ctx: { ...ctx, auth: session } });
});
