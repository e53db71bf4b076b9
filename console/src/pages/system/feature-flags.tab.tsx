import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { DataTable, TableMessage } from '../../components/data-table';
import { IconAction } from '../../components/icon-action';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TFlag = RouterOutputs['featureFlags']['list'][number];

/** Flags the product knows of (spec section 2): the export and browse layouts and the rich main layout. */
const knownFlags = ['export', 'browse', 'rich'];

export function FeatureFlagsTab() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const flags = trpc.featureFlags.list.useQuery();
  const tenants = trpc.tenants.list.useQuery();
  const remove = trpc.featureFlags.delete.useMutation({
    onSettled: async () => {
      await utils.featureFlags.list.invalidate();
      await utils.auth.session.invalidate();
    },
  });
  const [editing, setEditing] = useState<TFlag | 'new' | null>(null);
  const [confirmation, confirm] = useConfirm();
  const tenantName = new Map((tenants.data ?? []).map((x) => [x.id, x.name]));

  function askDelete(flag: TFlag) {
    confirm({
      title: t('flags.deleteTitle'),
      message: t('flags.confirmDelete', { id: flag.id }),
      onConfirm: () => remove.mutateAsync({ id: flag.id }).catch((e: unknown) => notifyError(t, e)),
    });
  }

  if (flags.error) return <Alert color="red">{errorMessage(t, flags.error)}</Alert>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('flags.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="create-flag">
          {t('flags.create')}
        </Button>
      </Group>
      <DataTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flags.id')}</Table.Th>
            <Table.Th>{t('flags.description')}</Table.Th>
            <Table.Th>{t('flags.access')}</Table.Th>
            <Table.Th w={80} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flags.data?.map((flag) => (
            <Table.Tr key={flag.id} data-testid={`flag-row-${flag.id}`}>
              <Table.Td ff="monospace" fw={500}>
                {flag.id}
              </Table.Td>
              <Table.Td>{flag.description}</Table.Td>
              <Table.Td>
                {flag.enabledForAll ? (
                  <Badge color="teal" variant="light">
                    {t('flags.enabledForAll')}
                  </Badge>
                ) : flag.tenantIds.length ? (
                  <Group gap={4}>
                    {flag.tenantIds.map((id) => (
                      <Badge key={id} variant="default" tt="none" fw={500}>
                        {tenantName.get(id) ?? id}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('flags.nobody')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <IconAction label={t('common.edit')} onClick={() => setEditing(flag)}>
                    <IconPencil size={16} />
                  </IconAction>
                  <IconAction label={t('common.delete')} color="red" onClick={() => askDelete(flag)}>
                    <IconTrash size={16} />
                  </IconAction>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {(flags.isLoading || flags.data?.length === 0) && (
            <TableMessage colSpan={4} loading={flags.isLoading} text={t('flags.none')} />
          )}
        </Table.Tbody>
      </DataTable>
      {editing && (
        <FlagModal
          flag={editing === 'new' ? null : editing}
          taken={(flags.data ?? []).map((f) => f.id)}
          tenants={tenants.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmation}
    </Stack>
  );
}

function FlagModal({
  flag,
  taken,
  tenants,
  onClose,
}: {
  flag: TFlag | null;
  taken: string[];
  tenants: RouterOutputs['tenants']['list'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const upsert = trpc.featureFlags.upsert.useMutation();
  const [id, setId] = useState(flag?.id ?? '');
  const [description, setDescription] = useState(flag?.description ?? '');
  const [enabledForAll, setEnabledForAll] = useState(flag?.enabledForAll ?? false);
  const [tenantIds, setTenantIds] = useState(flag?.tenantIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  // Creating a flag with the id of an existing one would silently overwrite it.
  const duplicate = !flag && taken.includes(id.trim());

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIssues({});
    try {
      await upsert.mutateAsync({ id: id.trim(), description: description.trim(), enabledForAll, tenantIds });
      await utils.featureFlags.list.invalidate();
      await utils.auth.session.invalidate();
      notifySuccess(t('common.saved'));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
      setIssues(Object.fromEntries((appErrorOf(e)?.issues ?? []).map((i) => [i.path, i.message])));
    }
  }

  return (
    <Modal opened onClose={onClose} title={flag ? flag.id : t('flags.create')}>
      <form onSubmit={(e) => void save(e)}>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <Autocomplete
            label={t('flags.id')}
            description={t('flags.idHint')}
            data={knownFlags.filter((known) => !taken.includes(known))}
            value={id}
            onChange={setId}
            disabled={!!flag}
            error={duplicate ? t('errors.CONFLICT') : issues.id}
            required
            data-testid="flag-id"
          />
          <TextInput
            label={t('flags.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={issues.description}
            data-testid="flag-description"
          />
          <Switch
            label={t('flags.enabledForAll')}
            checked={enabledForAll}
            onChange={(e) => setEnabledForAll(e.currentTarget.checked)}
            data-testid="flag-all"
          />
          <MultiSelect
            label={t('flags.tenants')}
            data={tenants.map((x) => ({ value: x.id, label: x.name }))}
            value={tenantIds}
            onChange={setTenantIds}
            disabled={enabledForAll}
            searchable
            clearable
            data-testid="flag-tenants"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={upsert.isPending} disabled={!id.trim() || duplicate} data-testid="flag-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
