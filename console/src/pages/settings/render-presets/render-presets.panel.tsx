import { Alert, Badge, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconCut, IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm';
import { DataTable, TableMessage } from '../../../components/data-table';
import { IconAction } from '../../../components/icon-action';
import { appErrorOf, errorCodeMessage, errorMessage } from '../../../lib/app-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { RenderPresetModal } from './render-preset.modal';

export type TPresetRow = RouterOutputs['renderPresets']['list'][number];

/** A refused deletion: the headline and each reason, translated with the names the server sent. */
interface TRefusal {
  name: string;
  headline: string;
  reasons: string[];
}

/** System Settings → Presets: the tenant's render presets, their default, fallbacks and subclip preset. */
export function RenderPresetsPanel() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const presets = trpc.renderPresets.list.useQuery();
  const remove = trpc.renderPresets.delete.useMutation();
  const setDefault = trpc.renderPresets.setDefault.useMutation();
  const setSubclip = trpc.renderPresets.setSubclip.useMutation();
  const [editing, setEditing] = useState<TPresetRow | 'new' | null>(null);
  const [refusal, setRefusal] = useState<TRefusal | null>(null);
  const [confirmation, confirm] = useConfirm();
  const rows = presets.data ?? [];
  const nameOf = (id: string | null) => rows.find((preset) => preset.id === id)?.name ?? null;
  const refresh = () => utils.renderPresets.list.invalidate();

  function askDelete(preset: TPresetRow) {
    setRefusal(null);
    confirm({
      title: t('common.delete'),
      message: t('renderPresets.confirmDelete', { name: preset.name }),
      onConfirm: () =>
        remove.mutateAsync({ id: preset.id }).then(
          () => (notifySuccess(t('renderPresets.deleted', { name: preset.name })), refresh()),
          (e: unknown) => {
            const appError = appErrorOf(e);
            if (appError?.code !== 'RENDER_PRESET_IN_USE') return notifyError(t, e);
            setRefusal({
              name: preset.name,
              headline: errorMessage(t, e),
              reasons: (appError.issues ?? []).map((issue) => errorCodeMessage(t, issue.code, appError.params)),
            });
          },
        ),
    });
  }

  async function makeDefault(preset: TPresetRow) {
    try {
      await setDefault.mutateAsync({ id: preset.id });
      notifySuccess(t('renderPresets.defaultChanged', { name: preset.name }));
      await refresh();
    } catch (e) {
      notifyError(t, e);
    }
  }

  async function toggleSubclip(preset: TPresetRow) {
    try {
      await setSubclip.mutateAsync({ id: preset.isSubclipPreset ? null : preset.id });
      notifySuccess(t('renderPresets.subclipChanged'));
      await refresh();
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={720}>
          {t('renderPresets.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-preset">
          {t('renderPresets.add')}
        </Button>
      </Group>
      {presets.error && <Alert color="red">{errorMessage(t, presets.error)}</Alert>}
      {refusal && (
        <Alert
          color="orange"
          title={refusal.headline}
          withCloseButton
          onClose={() => setRefusal(null)}
          data-testid="preset-refusal"
        >
          <Text size="sm" fw={500} data-user-text>
            {refusal.name}
          </Text>
          <List size="sm">
            {refusal.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('renderPresets.mode')}</Table.Th>
            <Table.Th>{t('renderPresets.fallback')}</Table.Th>
            <Table.Th>{t('renderPresets.startTimecode')}</Table.Th>
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((preset) => (
            <Table.Tr key={preset.id} data-testid={`preset-row-${preset.name}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="inherit" fw={500} data-user-text>
                    {preset.name}
                  </Text>
                  {preset.isDefault && (
                    <Badge size="xs" variant="light" color="teal" data-testid="preset-default">
                      {t('renderPresets.default')}
                    </Badge>
                  )}
                  {preset.hidden && (
                    <Badge size="xs" variant="outline" color="gray" data-testid="preset-hidden">
                      {t('renderPresets.hidden')}
                    </Badge>
                  )}
                  {preset.isSubclipPreset && (
                    <Badge size="xs" variant="outline" color="blue">
                      {t('renderPresets.subclips')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td data-testid="preset-mode">{t(`renderPresets.modes.${preset.settings.mode}`)}</Table.Td>
              <Table.Td data-testid="preset-fallback" data-user-text>
                {nameOf(preset.fallbackPresetId) ?? '—'}
              </Table.Td>
              <Table.Td>
                <code>{preset.startTimecode}</code>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <IconAction
                    label={t('renderPresets.setDefault')}
                    onClick={() => void makeDefault(preset)}
                    disabled={preset.isDefault || preset.hidden}
                    data-testid="preset-set-default"
                  >
                    <IconStar size={16} />
                  </IconAction>
                  <IconAction
                    label={preset.isSubclipPreset ? t('renderPresets.stopSubclips') : t('renderPresets.useForSubclips')}
                    onClick={() => void toggleSubclip(preset)}
                    disabled={!preset.isSubclipPreset && !preset.capabilities.includes('subclip')}
                    data-testid="preset-subclip"
                  >
                    <IconCut size={16} />
                  </IconAction>
                  <IconAction label={t('common.edit')} onClick={() => setEditing(preset)} data-testid="preset-edit">
                    <IconPencil size={16} />
                  </IconAction>
                  <IconAction
                    label={t('common.delete')}
                    color="red"
                    onClick={() => askDelete(preset)}
                    data-testid="preset-delete"
                  >
                    <IconTrash size={16} />
                  </IconAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {(presets.isLoading || rows.length === 0) && (
            <TableMessage colSpan={5} loading={presets.isLoading} text={t('errors.NO_RENDER_PRESETS')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && (
        <RenderPresetModal
          preset={editing === 'new' ? null : editing}
          presets={rows}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmation}
    </Stack>
  );
}
