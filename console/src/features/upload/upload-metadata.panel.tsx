import { Button, Collapse, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TJsonValue } from '@mam/core';
import { IconForms } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MetadataFormFields } from '../metadata';
import { trpc } from '../../lib/trpc';
import type { TUploadTarget } from './upload-manager';
import { localForms, useVocabulary } from '../../lib/vocabulary';

/**
 * Metadata for the next uploads, entered through a form's upload view. The server checks the values before it takes
 * a byte of each file; a refusal shows on that file's row.
 */
export function UploadMetadataPanel({ onChange }: { onChange: (metadata: TUploadTarget['metadata']) => void }) {
  const { t } = useTranslation();
  const forms = trpc.metadataForms.list.useQuery();
  const words = useVocabulary();
  const offered = useMemo(
    () =>
      localForms(
        words,
        (forms.data ?? []).filter((f) => f.form.active && !f.form.isSubtype && f.form.views.upload !== undefined),
      ),
    [forms.data, words],
  );
  const [open, setOpen] = useState(false);
  const [formId, setFormId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, TJsonValue>>({});
  const current = offered.find((f) => f.id === formId) ?? offered[0];
  // The server decides who may write what; here every field not read only is open for entry.
  const access = useMemo(
    () =>
      Object.fromEntries((current?.form.fields ?? []).map((f) => [f.fieldId, { read: true, editable: !f.readOnly }])),
    [current],
  );
  if (offered.length === 0) return null;

  const publish = (form: string | undefined, next: Record<string, TJsonValue>) => {
    const entered = Object.fromEntries(
      Object.entries(next).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
    );
    onChange(form && Object.keys(entered).length > 0 ? { form, values: entered } : null);
  };
  const entered = Object.values(values).filter((v) => v !== null && v !== '').length;
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconForms size={14} />}
          onClick={() => setOpen((o) => !o)}
          data-testid="upload-metadata-toggle"
        >
          {t('upload.metadata.toggle')}
        </Button>
        {entered > 0 && (
          <Text size="xs" c="dimmed" data-testid="upload-metadata-count">
            {t('upload.metadata.count', { count: entered, form: current?.form.label ?? '' })}
          </Text>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" pt="xs">
          {offered.length > 1 && (
            <SegmentedControl
              size="xs"
              value={current?.id}
              onChange={(id) => {
                setFormId(id);
                setValues({});
                onChange(null);
              }}
              data={offered.map((f) => ({ value: f.id, label: f.form.label }))}
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          {current && (
            <MetadataFormFields
              form={{ ...current.form, fields: current.form.fields.filter((f) => f.fieldId !== 'title') }}
              view="upload"
              values={values}
              onChange={(fieldId, value) => {
                const next = { ...values, [fieldId]: value };
                setValues(next);
                publish(current.form.id, next);
              }}
              access={access}
              errors={{}}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('upload.metadata.hint')}
          </Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}
