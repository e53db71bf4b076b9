import { TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';

interface AppErrorShape {
  code: string;
  message: string;
  params?: Record<string, string | number>;
  issues?: Array<{ path: string; code: string; message: string }>;
}

export function appErrorOf(error: unknown): AppErrorShape | null {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { appError?: AppErrorShape } | undefined;
    if (data?.appError) return data.appError;
  }
  return null;
}

/** The translated message of any failure: `errors.<code>` with its params, else the generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  const appError = appErrorOf(error);
  if (appError) return t(`errors.${appError.code}`, { ...appError.params, defaultValue: appError.message });
  if (error instanceof TypeError) return t('errors.INTERNAL');
  return t('errors.INTERNAL');
}
