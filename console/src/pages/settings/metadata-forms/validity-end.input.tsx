import { Group, NumberInput, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { validityOffsets, type ValidityOffset } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { useIssueAt } from './editor.context';
import type { TValidityEndDraft } from './form-draft.model';

/** One end of a validity: forever, a number of days from ingest, or a date. */
export function ValidityEndInput({
  label,
  value,
  onChange,
  path,
  testId,
}: {
  label: string;
  value: TValidityEndDraft;
  onChange: (value: TValidityEndDraft) => void;
  path: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      <Select
        label={label}
        data={validityOffsets.map((offset) => ({ value: offset, label: t(`forms.usage.offsets.${offset}`) }))}
        value={value.offsetFrom}
        onChange={(offsetFrom) => offsetFrom && onChange({ ...value, offsetFrom: offsetFrom as ValidityOffset })}
        allowDeselect={false}
        w={170}
        error={issueAt(path)}
        data-testid={`${testId}-offset`}
      />
      {value.offsetFrom === 'ingest_time' && (
        <NumberInput
          label={t('forms.usage.days')}
          value={value.untilNumberOfDays ?? ''}
          onChange={(days) => onChange({ ...value, untilNumberOfDays: typeof days === 'number' ? days : null })}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          w={110}
          error={issueAt(`${path}.untilNumberOfDays`)}
          data-testid={`${testId}-days`}
        />
      )}
      {value.offsetFrom === 'absolute' && (
        <DateInput
          label={t('forms.usage.date')}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          value={value.absoluteDate}
          onChange={(absoluteDate) => onChange({ ...value, absoluteDate })}
          w={150}
          error={issueAt(`${path}.absoluteDate`)}
          data-testid={`${testId}-date`}
        />
      )}
    </Group>
  );
}
