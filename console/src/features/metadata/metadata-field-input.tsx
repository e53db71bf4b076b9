import { Checkbox, JsonInput, MultiSelect, Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { TFormField, TJsonValue } from '@mam/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenTree } from './tree-options';

export interface MetadataFieldInputProps {
  field: TFormField;
  label: string;
  value: TJsonValue | undefined;
  onChange: (value: TJsonValue) => void;
  readOnly: boolean;
  error?: string;
}

const asText = (value: TJsonValue | undefined) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const asList = (value: TJsonValue | undefined) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** One metadata field as its type wants to be entered; the value is what the server stores for that type. */
export function MetadataFieldInput({ field, label, value, onChange, readOnly, error }: MetadataFieldInputProps) {
  const { t } = useTranslation();
  const options = useMemo(() => field.alternatives.map((a) => ({ value: a.value, label: a.label })), [field]);
  const tree = useMemo(() => flattenTree(field.treeAlternatives), [field]);
  const common = {
    label,
    // An asterisk, not the HTML attribute: the server's check answers with the spec's message.
    withAsterisk: field.required,
    error,
    readOnly,
    'data-testid': `metadata-field-${field.fieldId}`,
  };
  switch (field.type) {
    case 'Text': {
      const lines = field.maxLines ?? 1;
      return lines > 1 ? (
        <Textarea
          {...common}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={field.minLines ?? 2}
          maxRows={lines}
        />
      ) : (
        <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    }
    case 'Choice':
      return (
        <Select
          {...common}
          data={options}
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
          searchable
          disabled={readOnly}
        />
      );
    case 'MultipleChoice':
      return field.freeEntry ? (
        <TagsInput
          {...common}
          data={options.map((o) => o.value)}
          value={asList(value)}
          onChange={(next) => onChange(next)}
          clearable
          disabled={readOnly}
        />
      ) : (
        <MultiSelect
          {...common}
          data={options}
          value={asList(value)}
          onChange={(next) => onChange(next)}
          searchable
          clearable
          disabled={readOnly}
        />
      );
    case 'TreeChoice':
      return (
        <Select
          {...common}
          data={tree}
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
          searchable
          disabled={readOnly}
        />
      );
    case 'Checkbox':
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          disabled={readOnly}
          error={error}
          data-testid={common['data-testid']}
        />
      );
    case 'Date':
      return (
        <DateInput
          {...common}
          value={asText(value) || null}
          onChange={(next) => onChange(next ?? '')}
          valueFormat="YYYY-MM-DD"
          clearable={!field.required}
          disabled={readOnly}
        />
      );
    case 'JSON':
      return <JsonField {...common} value={value} onChange={onChange} invalid={t('metadata.invalidJson')} />;
    case 'SubType':
      return <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'Button':
    case 'File':
      return null;
  }
}

/** JSON is typed as text; the value follows whenever the text parses, and the text is the user's until then. */
function JsonField({
  value,
  onChange,
  invalid,
  ...props
}: {
  label: string;
  withAsterisk: boolean;
  error?: string;
  readOnly: boolean;
  value: TJsonValue | undefined;
  onChange: (value: TJsonValue) => void;
  invalid: string;
}) {
  const [text, setText] = useState(() =>
    value === undefined || value === null || value === '' ? '' : JSON.stringify(value, null, 2),
  );
  return (
    <JsonInput
      {...props}
      value={text}
      onChange={(next) => {
        setText(next);
        try {
          onChange(next.trim() === '' ? null : (JSON.parse(next) as TJsonValue));
        } catch {
          // Not valid yet: the stored value stays until it is.
        }
      }}
      validationError={invalid}
      formatOnBlur
      autosize
      minRows={3}
    />
  );
}
