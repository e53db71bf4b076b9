import { TRPCClientError } from '@trpc/client';
import i18n, { type TFunction } from 'i18next';

export interface TAppErrorShape {
  code: string;
  message: string;
  params?: Record<string, string | number>;
  issues?: Array<{ path: string; code: string; message: string }>;
}

/** The server's AppError carried by a tRPC failure (`error.data.appError`), if there is one. */
export function appErrorOf(error: unknown): TAppErrorShape | null {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { appError?: TAppErrorShape } | undefined;
    if (data?.appError && typeof data.appError.code === 'string') return data.appError;
  }
  return null;
}

/** `errors.<code>` translated with its params; a code the console has no text for reads as the generic failure. */
export function errorCodeMessage(
  t: TFunction,
  code: string | null | undefined,
  params?: Record<string, string | number>,
): string {
  if (code && /^[A-Z0-9_]+$/.test(code) && i18n.exists(`errors.${code}`)) return t(`errors.${code}`, params ?? {});
  return t('errors.INTERNAL');
}

/** The translated message of any failure: `errors.<code>` with its params, else `errors.INTERNAL`. */
export function errorMessage(t: TFunction, error: unknown): string {
  const appError = appErrorOf(error);
  return errorCodeMessage(t, appError?.code, appError?.params);
}

export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  const code = appErrorOf(error)?.code;
  return !!code && codes.includes(code);
}
