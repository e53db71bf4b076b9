import { Checkbox, Input, MultiSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditor, useIssueAt } from './editor.context';

/**
 * A group restriction: everyone (null) or the chosen groups. Unticking "everyone" starts with no group chosen, which
 * core refuses (SELECTED_GROUPS_EMPTY) until one is picked.
 */
export function GroupRestrictionInput({
  label,
  description,
  value,
  onChange,
  path,
  testId,
}: {
  label: string;
  description?: string;
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  path: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { groups } = useEditor();
  const issueAt = useIssueAt();
  // Groups deleted since keep their id as the label rather than vanishing from the restriction unseen.
  const known = new Set((groups ?? []).map((group) => group.value));
  const options = [
    ...(groups ?? []),
    ...(value ?? []).filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <Input.Wrapper label={label} description={description} error={issueAt(path)}>
      <Stack gap={6} mt={6}>
        <Checkbox
          label={t('forms.everyone')}
          checked={value === null}
          onChange={(e) => onChange(e.currentTarget.checked ? null : [])}
          data-testid={`${testId}-everyone`}
        />
        {value !== null && (
          <MultiSelect
            aria-label={label}
            data={options}
            value={value}
            onChange={onChange}
            placeholder={groups === null ? t('forms.groupsUnavailable') : t('forms.pickGroups')}
            searchable
            error={issueAt(path) !== undefined}
            data-testid={`${testId}-groups`}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
