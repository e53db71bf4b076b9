import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { FormViewId, TJsonValue, TMetadataForm } from '@mam/core';
import { useMemo } from 'react';
import { layoutForm } from './form-layout';
import { MetadataFieldInput } from './metadata-field-input';

export interface MetadataFormFieldsProps {
  form: TMetadataForm;
  view: FormViewId;
  values: Record<string, TJsonValue>;
  onChange: (fieldId: string, value: TJsonValue) => void;
  /** Per fieldId, from the server; fields missing here are shown read only. */
  access: Record<string, { read: boolean; editable: boolean }>;
  /** Translated messages by fieldId. */
  errors: Record<string, string>;
  readOnly?: boolean;
}

/** A form's fields for one view, in its sections, each as its type is entered. */
export function MetadataFormFields({
  form,
  view,
  values,
  onChange,
  access,
  errors,
  readOnly,
}: MetadataFormFieldsProps) {
  const sections = useMemo(() => layoutForm(form, view), [form, view]);
  return (
    <Stack gap="md">
      {sections.map((section) => {
        const fields = section.fields.filter(({ field }) => access[field.fieldId]?.read !== false);
        const body = (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
            {fields.map(({ field, label }) => (
              <div
                key={field.fieldId}
                style={field.type === 'JSON' || (field.maxLines ?? 1) > 1 ? { gridColumn: '1 / -1' } : undefined}
              >
                <MetadataFieldInput
                  field={field}
                  label={label}
                  value={values[field.fieldId]}
                  onChange={(value) => onChange(field.fieldId, value)}
                  readOnly={readOnly || !access[field.fieldId]?.editable}
                  error={errors[field.fieldId]}
                />
              </div>
            ))}
          </SimpleGrid>
        );
        return section.label ? (
          <Fieldset
            key={section.sectionId}
            legend={section.label}
            data-testid={`metadata-section-${section.sectionId}`}
          >
            {body}
          </Fieldset>
        ) : (
          <div key="top">{body}</div>
        );
      })}
    </Stack>
  );
}
