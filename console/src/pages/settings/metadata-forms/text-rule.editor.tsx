import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { TTextRule } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { useIssueAt } from './editor.context';
import { monospaceInput } from './monospace.styles';

const kinds = ['none', 'regex', 'maxLength', 'email', 'url'] as const;
type TKind = (typeof kinds)[number];

/** A fresh rule of a kind; the pattern starts blank so the editor asks for one. */
function ruleOfKind(kind: TKind): TTextRule | null {
  switch (kind) {
    case 'none':
      return null;
    case 'regex':
      return { kind: 'regex', pattern: '', message: null };
    case 'maxLength':
      return { kind: 'maxLength', max: 200 };
    case 'email':
      return { kind: 'email' };
    case 'url':
      return { kind: 'url' };
  }
}

/** How a Text field's value is checked when it is entered. */
export function TextRuleEditor({
  value,
  onChange,
  path,
  disabled,
}: {
  value: TTextRule | null;
  onChange: (value: TTextRule | null) => void;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  return (
    <Stack gap="xs">
      <Select
        label={t('forms.field.textRule')}
        data={kinds.map((kind) => ({ value: kind, label: t(`forms.textRules.${kind}`) }))}
        value={value?.kind ?? 'none'}
        onChange={(kind) => kind && onChange(ruleOfKind(kind as TKind))}
        allowDeselect={false}
        disabled={disabled}
        error={issueAt(path)}
        data-testid="text-rule-kind"
      />
      {value?.kind === 'regex' && (
        <Group grow align="flex-start">
          <TextInput
            label={t('forms.field.pattern')}
            description={t('forms.field.patternHint')}
            value={value.pattern}
            onChange={(e) => onChange({ ...value, pattern: e.currentTarget.value })}
            error={issueAt(`${path}.pattern`)}
            styles={monospaceInput}
            data-testid="text-rule-pattern"
          />
          <TextInput
            label={t('forms.field.patternMessage')}
            description={t('forms.field.patternMessageHint')}
            value={value.message ?? ''}
            onChange={(e) =>
              onChange({ ...value, message: e.currentTarget.value === '' ? null : e.currentTarget.value })
            }
            error={issueAt(`${path}.message`)}
          />
        </Group>
      )}
      {value?.kind === 'maxLength' && (
        <NumberInput
          label={t('forms.field.maxLength')}
          value={value.max}
          // A cleared box becomes 0, which core refuses with a message, rather than silently keeping the old limit.
          onChange={(next) => onChange({ ...value, max: typeof next === 'number' ? next : 0 })}
          min={1}
          allowDecimal={false}
          error={issueAt(`${path}.max`)}
          data-testid="text-rule-max"
        />
      )}
    </Stack>
  );
}
