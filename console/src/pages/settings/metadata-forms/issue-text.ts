import i18n, { type TFunction } from 'i18next';
import type { TEditorIssue } from './form-check.rules';

/**
 * What the editor says about an issue: the rule's translated message; for a malformed value (VALIDATION_FAILED,
 * whose server text is English) a translated hint chosen by the setting the path ends in.
 */
export function issueText(t: TFunction, issue: Pick<TEditorIssue, 'path' | 'code'>): string {
  if (issue.code !== 'VALIDATION_FAILED' && i18n.exists(`errors.${issue.code}`)) return t(`errors.${issue.code}`);
  if (i18n.exists(`forms.invalid.${issue.code}`)) return t(`forms.invalid.${issue.code}`);
  const setting = issue.path
    .split('.')
    .reverse()
    .find((segment) => !/^\d+$/.test(segment));
  return setting && i18n.exists(`forms.invalid.${setting}`)
    ? t(`forms.invalid.${setting}`)
    : t('forms.invalid.generic');
}
