import type { TFunction } from 'i18next';
import { appErrorOf, errorCodeMessage, type TAppErrorShape } from '../../lib/app-error';

/** Issues as translated messages by fieldId (issue paths are fieldIds). */
export function issueErrors(t: TFunction, issues: TAppErrorShape['issues'] = []): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.path, errorCodeMessage(t, issue.code)]));
}

/** The server's per-field issues of a failed request. */
export function fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  return issueErrors(t, appErrorOf(error)?.issues);
}
