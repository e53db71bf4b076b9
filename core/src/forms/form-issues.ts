import type { z } from 'zod';
import { formatErrorMessage, errorCatalogue, type ErrorCode } from '../errors/error-catalogue';
import type { AppIssue } from '../validation/zod-issues';

/**
 * Options for a zod refine whose failure is a product rule with its own code rather than a malformed request:
 * the code travels in the issue's params and `toCodedIssues` picks it up.
 */
export function coded(
  code: ErrorCode,
  message = formatErrorMessage(code),
): { message: string; params: { code: ErrorCode } } {
  return { message, params: { code } };
}

export function issue(path: string, code: ErrorCode, message = formatErrorMessage(code)): AppIssue {
  return { path, code, message };
}

function codeOf(zodIssue: z.core.$ZodIssue, fallback: ErrorCode): ErrorCode {
  const code: unknown = zodIssue.code === 'custom' ? zodIssue.params?.code : undefined;
  return typeof code === 'string' && code in errorCatalogue ? (code as ErrorCode) : fallback;
}

/**
 * Like `toAppIssues`, but an issue raised with `coded(...)` keeps its own code; everything else (wrong types,
 * unknown keys) gets `fallback`.
 */
export function toCodedIssues(error: z.ZodError, fallback: ErrorCode, prefix?: string): AppIssue[] {
  return error.issues.flatMap((zodIssue): AppIssue[] => {
    const base = [...(prefix === undefined ? [] : [prefix]), ...zodIssue.path.map(String)];
    if (zodIssue.code === 'unrecognized_keys') {
      return zodIssue.keys.map((key) => issue([...base, key].join('.'), fallback, `Unknown field "${key}"`));
    }
    return [issue(base.join('.'), codeOf(zodIssue, fallback), zodIssue.message)];
  });
}

/** The code an AppError carrying these issues should have: theirs when they agree, else VALIDATION_FAILED. */
export function commonCode(issues: readonly AppIssue[]): ErrorCode {
  const codes = new Set(issues.map(({ code }) => code));
  const [only] = codes;
  return codes.size === 1 && only !== undefined ? only : 'VALIDATION_FAILED';
}
