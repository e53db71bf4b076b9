import {
  ActionIcon,
  Alert,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TFlag = RouterOutputs['featureFlags']['list'][number];

export function FeatureFlagsTab() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const flags = trpc.featureFlags.list.useQuery();
  const tenants = trpc.tenants.list.useQuery();
  const remove = trpc.featureFlags.delete.useMutation({ onSettled: () => utils.featureFlags.list.invalidate() });
  const [editing, setEditing] = useState<TFlag | 'new' | null>(null);
  const tenantName = new Map((tenants.data ?? []).map((x) => [x.id, x.name]));
  if (flags.error) return <Alert color="red">{errorMessage(t, flags.error)}</Alert>;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('flags.create')}
        </Button>
      </Group>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flags.id')}</Table.Th>
            <Table.Th>{t('flags.description')}</Table.Th>
            <Table.Th>{t('flags.access')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flags.data?.map((flag) => (
            <Table.Tr key={flag.id}>
              <Table.Td>
                <Text ff="monospace">{flag.id}</Text>
              </Table.Td>
              <Table.Td>{flag.description}</Table.Td>
              <Table.Td>
                {flag.enabledForAll ? (
                  <Badge color="teal">{t('flags.enabledForAll')}</Badge>
                ) : flag.tenantIds.length ? (
                  <Group gap={4}>
                    {flag.tenantIds.map((id) => (
                      <Badge key={id} variant="light">
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
                <Group gap={4} justify="flex-end">
                  <ActionIcon variant="subtle" onClick={() => setEditing(flag)} aria-label={t('common.edit')}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => {
                      if (window.confirm(t('flags.confirmDelete', { id: flag.id })))
                        remove.mutate({ id: flag.id }, { onError: (e) => notifyError(t, e) });
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && (
        <FlagModal
          flag={editing === 'new' ? null : editing}
          tenants={tenants.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function FlagModal({
  flag,
  tenants,
  onClose,
}: {
  flag: TFlag | null;
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
  async function save() {
    try {
      await upsert.mutateAsync({ id, description, enabledForAll, tenantIds });
      await utils.featureFlags.list.invalidate();
      await utils.auth.session.invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }
  return (
    <Modal opened onClose={onClose} title={flag ? flag.id : t('flags.create')}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput
          label={t('flags.id')}
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          disabled={!!flag}
          required
        />
        <TextInput
          label={t('flags.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Switch
          label={t('flags.enabledForAll')}
          checked={enabledForAll}
          onChange={(e) => setEnabledForAll(e.currentTarget.checked)}
        />
        <MultiSelect
          label={t('flags.tenants')}
          data={tenants.map((x) => ({ value: x.id, label: x.name }))}
          value={tenantIds}
          onChange={setTenantIds}
          disabled={enabledForAll}
          searchable
        />
        <Button onClick={() => void save()} loading={upsert.isPending} w="fit-content">
          {t('common.save')}
        </Button>
      </Stack>
    </Modal>
  );
}
