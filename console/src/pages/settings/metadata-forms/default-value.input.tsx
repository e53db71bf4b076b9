import {
  Autocomplete,
  Input,
  JsonInput,
  MultiSelect,
  SegmentedControl,
  Select,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { TJsonValue } from '@mam/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkboxDefaultOf,
  checkboxDefaultValue,
  jsonFromText,
  listDefault,
  listOf,
  selectableOptions,
  textDefault,
  textFromJson,
  type TCheckboxDefault,
} from './default-value.model';
import { useEditor, useIssueAt } from './editor.context';
import type { TFieldDraft } from './form-draft.model';
import { treeChoices } from './tree-alternatives.model';

interface TDefaultValueProps {
  field: TFieldDraft;
  value: TJsonValue | null;
  onChange: (value: TJsonValue | null) => void;
  /** Where core reports a value of the wrong kind ('fields.2.defaultValue', 'views.item.0.defaultValue'). */
  path: string;
  label: string;
  placeholder?: string;
  testId: string;
}

/** A default value entered the way the field's own values are: a choice among its options, a date, JSON… */
export function DefaultValueInput(props: TDefaultValueProps) {
  const { t } = useTranslation();
  const issueAt = useIssueAt();
  const { field, value, onChange, path, label, placeholder, testId } = props;
  const error = issueAt(path);
  const text = typeof value === 'string' ? value : '';
  const options = selectableOptions(field.alternatives);
  switch (field.type) {
    case 'Text':
    case 'SubType':
    case 'File':
      return (
        <TextInput
          label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => onChange(textDefault(e.currentTarget.value))}
          error={error}
          data-testid={testId}
        />
      );
    case 'Choice':
      return field.freeEntry ? (
        <Autocomplete
          label={label}
          placeholder={placeholder}
          data={options.map((option) => option.value)}
          value={text}
          onChange={(next) => onChange(textDefault(next))}
          error={error}
          data-testid={testId}
        />
      ) : (
        <Select
          label={label}
          placeholder={placeholder ?? t('forms.noDefault')}
          data={options}
          value={text || null}
          onChange={(next) => onChange(next)}
          clearable
          error={error}
          data-testid={testId}
        />
      );
    case 'MultipleChoice':
      return field.freeEntry ? (
        <TagsInput
          label={label}
          placeholder={placeholder}
          data={options.map((option) => option.value)}
          value={listOf(value)}
          onChange={(next) => onChange(listDefault(next))}
          error={error}
          data-testid={testId}
        />
      ) : (
        <MultiSelect
          label={label}
          placeholder={placeholder ?? t('forms.noDefault')}
          data={options}
          value={listOf(value)}
          onChange={(next) => onChange(listDefault(next))}
          clearable
          error={error}
          data-testid={testId}
        />
      );
    case 'TreeChoice':
      return (
        <Select
          label={label}
          placeholder={placeholder ?? t('forms.noDefault')}
          data={selectableOptions(treeChoices(field.treeAlternatives))}
          value={text || null}
          onChange={(next) => onChange(next)}
          clearable
          searchable
          error={error}
          data-testid={testId}
        />
      );
    case 'Checkbox':
      return (
        <Input.Wrapper label={label} error={error}>
          <div>
            <SegmentedControl
              size="xs"
              value={checkboxDefaultOf(value)}
              onChange={(next) => onChange(checkboxDefaultValue(next as TCheckboxDefault))}
              data={[
                { value: 'none', label: t('forms.checkboxDefault.none') },
                { value: 'checked', label: t('forms.checkboxDefault.checked') },
                { value: 'unchecked', label: t('forms.checkboxDefault.unchecked') },
              ]}
              data-testid={testId}
            />
          </div>
        </Input.Wrapper>
      );
    case 'Date':
      return (
        <DateInput
          label={label}
          placeholder={placeholder ?? 'YYYY-MM-DD'}
          valueFormat="YYYY-MM-DD"
          value={text || null}
          onChange={(next) => onChange(next)}
          clearable
          error={error}
          data-testid={testId}
        />
      );
    case 'Button':
      return (
        <Input.Wrapper label={label}>
          <Text size="sm" c="dimmed">
            {t('forms.buttonNoValue')}
          </Text>
        </Input.Wrapper>
      );
    case 'JSON':
      return <JsonDefaultInput {...props} error={error} />;
  }
}

/** JSON is typed as text; until the text parses the draft keeps its last value and the editor refuses to save. */
function JsonDefaultInput({
  value,
  onChange,
  path,
  label,
  placeholder,
  testId,
  error,
}: TDefaultValueProps & { error?: string }) {
  const { t } = useTranslation();
  const { reportLocal } = useEditor();
  const [text, setText] = useState(() => textFromJson(value));
  const parsed = jsonFromText(text);
  useEffect(() => {
    reportLocal(path, parsed.ok ? null : 'JSON_INVALID');
    return () => reportLocal(path, null);
  }, [reportLocal, path, parsed.ok]);
  return (
    <JsonInput
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(next) => {
        setText(next);
        const result = jsonFromText(next);
        if (result.ok) onChange(result.value);
      }}
      autosize
      minRows={2}
      maxRows={10}
      error={parsed.ok ? error : t('forms.invalid.JSON_INVALID')}
      data-testid={testId}
    />
  );
}
