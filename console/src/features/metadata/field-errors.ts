import type { TFunction } from 'i18next';
import { appErrorOf, errorCodeMessage } from '../../lib/app-error';

/** The server's per-field issues as translated messages by fieldId (issue paths are fieldIds). */
export function fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  const issues = appErrorOf(error)?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path, errorCodeMessage(t, issue.code)]));
}
