import { Alert, Badge, Button, Code, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm';
import { DataTable, TableMessage } from '../../../components/data-table';
import { IconAction } from '../../../components/icon-action';
import { errorMessage } from '../../../lib/app-error';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { deactivateFormBlockedBy, deleteFormBlockedBy } from './form-actions.rules';
import { FormEditorDrawer, type TFormView } from './form-editor.drawer';
import { FormIcon } from './form-icons';
import { GuardedAction, ReasonTooltip } from './reason-tooltip';
import { useVocabulary } from '../../../lib/vocabulary';

/** System Settings → Metadata forms: every form of the organisation, active or not, and the editor. */
export function MetadataFormsPanel() {
  const { t } = useTranslation();
  const words = useVocabulary();
  const format = useFormat();
  const utils = trpc.useUtils();
  const forms = trpc.metadataForms.list.useQuery();
  const setActive = trpc.metadataForms.setActive.useMutation();
  const remove = trpc.metadataForms.delete.useMutation();
  const [editing, setEditing] = useState<TFormView | 'new' | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [confirmation, confirm] = useConfirm();
  const list = forms.data ?? [];

  async function toggle(view: TFormView, active: boolean) {
    setSwitching(view.id);
    try {
      await setActive.mutateAsync({ id: view.id, active });
      await utils.metadataForms.list.invalidate();
      notifySuccess(t(active ? 'forms.activated' : 'forms.deactivated', { name: view.form.label }));
    } catch (e) {
      notifyError(t, e);
    } finally {
      setSwitching(null);
    }
  }

  function askDelete(view: TFormView) {
    confirm({
      title: t('forms.delete'),
      message: t('forms.confirmDelete', { name: view.form.label }),
      onConfirm: () =>
        remove.mutateAsync({ id: view.id }).then(
          () => (notifySuccess(t('forms.deleted', { name: view.form.label })), utils.metadataForms.list.invalidate()),
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t('forms.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="create-form">
          {t('forms.create')}
        </Button>
      </Group>
      {forms.error && <Alert color="red">{errorMessage(t, forms.error)}</Alert>}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('forms.label')}</Table.Th>
            <Table.Th>{t('forms.key')}</Table.Th>
            <Table.Th>{t('forms.flavor')}</Table.Th>
            <Table.Th>{t('forms.active')}</Table.Th>
            <Table.Th>{t('forms.fieldCount')}</Table.Th>
            <Table.Th>{t('forms.updated')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((view) => {
            const { form } = view;
            const deleteBlocked = deleteFormBlockedBy(form);
            const deactivateBlocked = deactivateFormBlockedBy(form);
            return (
              <Table.Tr
                key={view.id}
                // Inactive forms stay listed so they can be switched back on, but read as set aside.
                style={form.active ? undefined : { opacity: 0.5 }}
                data-active={form.active}
                data-testid={`form-row-${form.id}`}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <FormIcon icon={form.icon} color={form.color} />
                    <Text size="inherit" fw={500} title={words.formHint(form) ?? undefined}>
                      {words.form(form)}
                    </Text>
                    {form.builtIn && (
                      <Badge size="xs" variant="outline" color="blue" data-testid="form-built-in">
                        {t('forms.builtIn')}
                      </Badge>
                    )}
                    {form.isSubtype && (
                      <Badge size="xs" variant="light" color="grape">
                        {t('forms.subtype')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Code>{form.id}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={form.flavor === 'timed' ? 'orange' : 'gray'} tt="none">
                    {t(`forms.flavors.${form.flavor}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <ReasonTooltip reason={deactivateBlocked && t(`errors.${deactivateBlocked}`)}>
                    <Switch
                      aria-label={t('forms.active')}
                      checked={form.active}
                      onChange={(e) => void toggle(view, e.currentTarget.checked)}
                      disabled={deactivateBlocked !== null || switching === view.id}
                      data-testid="form-active"
                    />
                  </ReasonTooltip>
                </Table.Td>
                <Table.Td data-testid="form-field-count">{form.fields.length}</Table.Td>
                <Table.Td>{format.dateTime(view.updatedAt)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    <IconAction label={t('common.edit')} onClick={() => setEditing(view)} data-testid="form-edit">
                      <IconPencil size={16} />
                    </IconAction>
                    <GuardedAction
                      label={t('common.delete')}
                      refusal={deleteBlocked && t(`errors.${deleteBlocked}`)}
                      color="red"
                      onClick={() => askDelete(view)}
                      testId="form-delete"
                    >
                      <IconTrash size={16} />
                    </GuardedAction>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {(forms.isLoading || list.length === 0) && (
            <TableMessage colSpan={7} loading={forms.isLoading} text={t('forms.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && (
        <FormEditorDrawer
          key={editing === 'new' ? 'new' : editing.id}
          view={editing === 'new' ? null : editing}
          forms={list}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmation}
    </Stack>
  );
}
