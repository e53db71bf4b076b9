import { errorCatalogue, formatErrorMessage, type ErrorCode } from './error-catalogue';

export interface AppErrorOptions {
  params?: Record<string, string | number>;
  /** Field-level problems for form errors: path → code. */
  issues?: Array<{ path: string; code: ErrorCode; message: string }>;
  cause?: unknown;
}

/** The one error type the product raises on purpose. Anything else reaching a boundary is a bug (INTERNAL). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number>;
  readonly issues: NonNullable<AppErrorOptions['issues']>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(formatErrorMessage(code, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.params = options.params ?? {};
    this.issues = options.issues ?? [];
  }

  toJSON(): {
    code: ErrorCode;
    message: string;
    params?: Record<string, string | number>;
    issues?: AppError['issues'];
  } {
    return {
      code: this.code,
      message: this.message,
      ...(Object.keys(this.params).length ? { params: this.params } : {}),
      ...(this.issues.length ? { issues: this.issues } : {}),
    };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
