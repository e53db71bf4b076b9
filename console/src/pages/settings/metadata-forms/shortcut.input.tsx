import { CloseButton, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIssueAt } from './editor.context';
import { captureShortcut } from './shortcut-capture';

/** Records a keyboard shortcut by pressing it; core's rules then say whether it is valid and free. */
export function ShortcutInput({
  label,
  value,
  onChange,
  path,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  path: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  return (
    <TextInput
      label={label}
      description={t('forms.shortcutHint')}
      placeholder={t('forms.shortcutPlaceholder')}
      value={value ?? ''}
      readOnly
      onKeyDown={(event) => {
        const capture = captureShortcut(event);
        if (capture.kind === 'pass') return;
        event.preventDefault();
        event.stopPropagation();
        if (capture.kind === 'clear') onChange(null);
        if (capture.kind === 'set') onChange(capture.shortcut);
      }}
      rightSection={
        value !== null ? (
          <CloseButton size="sm" aria-label={t('forms.clearShortcut')} onClick={() => onChange(null)} />
        ) : undefined
      }
      error={issueAt(path)}
      data-testid={testId}
    />
  );
}
