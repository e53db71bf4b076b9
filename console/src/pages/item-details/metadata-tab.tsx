import { Alert, Button, FileButton, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import type { TJsonValue } from '@mam/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, issueErrors, MetadataFormFields } from '../../features/metadata';
import { notifications } from '@mantine/notifications';
import { errorCodeMessage, errorMessage, hasErrorCode } from '../../lib/app-error';
import { downloadText, safeFileName } from '../../lib/download';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { TItem } from './item-types';
import { localForms, useVocabulary } from '../../lib/vocabulary';

const SEGMENTED_MAX = 4;

/** The item's metadata through the tenant's forms: pick a form, fill it in, save; the server checks every value. */
export function MetadataTab({ item, onSaved }: { item: TItem; onSaved: () => void }) {
  const { t } = useTranslation();
  const metadata = trpc.items.metadata.useQuery({ itemId: item.id });
  const [formId, setFormId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Record<string, TJsonValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const words = useVocabulary();
  const forms = useMemo(() => localForms(words, metadata.data?.forms ?? []), [metadata.data, words]);
  const current = forms.find((f) => f.id === formId) ?? forms.find((f) => f.form.builtIn === 'common') ?? forms[0];
  const stored = metadata.data?.values ?? {};

  // A fresh copy of the stored values whenever they or the form change: nothing typed leaks between forms.
  useEffect(() => {
    setDraft(metadata.data?.values ?? {});
    setErrors({});
  }, [metadata.data, current?.id]);

  const utils = trpc.useUtils();
  const importXmp = trpc.items.importXmp.useMutation({
    onSuccess: (result) => {
      if (result.ok) {
        notifySuccess(t('metadata.xmp.imported'));
        void metadata.refetch();
        onSaved();
      } else {
        setErrors(issueErrors(t, result.issues));
        notifications.show({ color: 'red', title: t('common.error'), message: errorCodeMessage(t, result.code) });
      }
    },
    onError: (error) => notifyError(t, error),
  });
  async function exportXmp() {
    try {
      const { xmp } = await utils.items.exportXmp.fetch({ itemId: item.id });
      downloadText(xmp, safeFileName(item.title, 'xmp'), 'application/rdf+xml');
    } catch (error) {
      notifyError(t, error);
    }
  }

  const update = trpc.items.updateMetadata.useMutation({
    onSuccess: () => {
      notifySuccess(t('itemDetails.saved'));
      setErrors({});
      void metadata.refetch();
      onSaved();
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(t, error));
      if (!hasErrorCode(error, 'VALIDATION_FAILED')) notifyError(t, error);
    },
  });

  if (metadata.error) return <Alert color="red">{errorMessage(t, metadata.error)}</Alert>;
  if (metadata.isLoading) return <Loader size="sm" />;
  if (!current) return <Text c="dimmed">{t('metadata.noForms')}</Text>;

  const editable = metadata.data!.canEdit;
  const fieldIds = current.form.fields.map((f) => f.fieldId);
  const changed = fieldIds.filter((id) => JSON.stringify(draft[id] ?? null) !== JSON.stringify(stored[id] ?? null));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const values = Object.fromEntries(
          fieldIds.filter((id) => current.fieldAccess[id]?.editable).map((id) => [id, draft[id] ?? null]),
        );
        update.mutate({ itemId: item.id, formId: current.id, values });
      }}
    >
      <Stack gap="md" maw={960}>
        {forms.length > 1 &&
          (forms.length <= SEGMENTED_MAX ? (
            <SegmentedControl
              value={current.id}
              onChange={setFormId}
              data={forms.map((f) => ({ value: f.id, label: f.form.label }))}
              data-testid="metadata-form-picker"
              style={{ alignSelf: 'flex-start' }}
            />
          ) : (
            <Select
              label={t('metadata.form')}
              value={current.id}
              onChange={(v) => v && setFormId(v)}
              data={forms.map((f) => ({ value: f.id, label: f.form.label }))}
              allowDeselect={false}
              maw={320}
              data-testid="metadata-form-picker"
            />
          ))}
        {Object.keys(errors).length > 0 && (
          <Alert color="red" data-testid="metadata-errors">
            {t('metadata.fixErrors', { count: Object.keys(errors).length })}
          </Alert>
        )}
        <MetadataFormFields
          form={current.form}
          view="item"
          values={draft}
          onChange={(fieldId, value) => {
            setDraft((d) => ({ ...d, [fieldId]: value }));
            setErrors(({ [fieldId]: _, ...rest }) => rest);
          }}
          access={current.fieldAccess}
          errors={errors}
          readOnly={!editable}
        />
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFileDownload size={14} />}
            onClick={() => void exportXmp()}
            data-testid="export-xmp"
          >
            {t('metadata.xmp.export')}
          </Button>
          {editable && (
            <FileButton
              accept=".xmp,application/rdf+xml,text/xml"
              onChange={(file) =>
                void file?.text().then((xmp) => importXmp.mutate({ itemId: item.id, formId: current.id, xmp }))
              }
            >
              {(props) => (
                <Button
                  {...props}
                  variant="subtle"
                  size="xs"
                  leftSection={<IconFileUpload size={14} />}
                  loading={importXmp.isPending}
                  data-testid="import-xmp"
                >
                  {t('metadata.xmp.import', { form: current.form.label })}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {editable && (
          <Group>
            <Button
              type="submit"
              disabled={changed.length === 0}
              loading={update.isPending}
              data-testid="save-metadata"
            >
              {t('common.save')}
            </Button>
            <Button
              variant="default"
              disabled={changed.length === 0}
              onClick={() => {
                setDraft(stored);
                setErrors({});
              }}
            >
              {t('itemDetails.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
