import type { z } from 'zod';
import type { AppErrorOptions } from '../errors/app-error';
import type { ErrorCode } from '../errors/error-catalogue';

export type AppIssue = NonNullable<AppErrorOptions['issues']>[number];

/**
 * Turns zod issues into AppError issues with dotted paths ('unknownPersonRegistration.maxImages'). An unknown key
 * gets its own path, so a form can point at it instead of at the enclosing object.
 */
export function toAppIssues(error: z.ZodError, code: ErrorCode, prefix?: string): AppIssue[] {
  return error.issues.flatMap((issue): AppIssue[] => {
    const base = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...base, key].join('.'), code, message: `Unknown field "${key}"` }));
    }
    return [{ path: base.join('.'), code, message: issue.message }];
  });
}
