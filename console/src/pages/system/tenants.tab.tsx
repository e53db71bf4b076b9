import { Alert, Badge, Button, Group, Modal, PasswordInput, Stack, Switch, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { formatDate } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export function TenantsTab() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const utils = trpc.useUtils();
  const tenants = trpc.tenants.list.useQuery();
  const setActive = trpc.tenants.setActive.useMutation({ onSettled: () => utils.tenants.list.invalidate() });
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('admin.createTenant')}
        </Button>
      </Group>
      {tenants.error && <Alert color="red">{t('errors.TENANTS_FETCH_FAILED')}</Alert>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.tenantName')}</Table.Th>
            <Table.Th>{t('admin.slug')}</Table.Th>
            <Table.Th>{t('admin.users')}</Table.Th>
            <Table.Th>{t('admin.created')}</Table.Th>
            <Table.Th>{t('team.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.data?.map((tenant) => (
            <Table.Tr key={tenant.id}>
              <Table.Td>{tenant.name}</Table.Td>
              <Table.Td>{tenant.slug}</Table.Td>
              <Table.Td>{tenant.userCount}</Table.Td>
              <Table.Td>{formatDate(tenant.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Switch
                    checked={tenant.active}
                    disabled={tenant.id === session.tenant.id}
                    onChange={(e) =>
                      setActive.mutate(
                        { id: tenant.id, active: e.currentTarget.checked },
                        { onError: (err) => notifyError(t, err) },
                      )
                    }
                    aria-label={t('team.active')}
                  />
                  {!tenant.active && (
                    <Badge color="red" variant="light">
                      {t('team.deactivated')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CreateTenantModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function CreateTenantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.tenants.create.useMutation({ onSuccess: () => utils.tenants.list.invalidate() });
  const [form, setForm] = useState({ slug: '', name: '', adminEmail: '', adminPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value }),
  });
  async function save() {
    setError(null);
    try {
      await create.mutateAsync(form);
      setForm({ slug: '', name: '', adminEmail: '', adminPassword: '' });
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.createTenant')}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput label={t('admin.tenantName')} {...field('name')} required />
        <TextInput label={t('admin.slug')} description={t('admin.slugHint')} {...field('slug')} required />
        <TextInput label={t('admin.adminEmail')} type="email" {...field('adminEmail')} required />
        <PasswordInput
          label={t('admin.adminPassword')}
          description={t('password.rule')}
          {...field('adminPassword')}
          required
        />
        <Button onClick={() => void save()} loading={create.isPending} w="fit-content">
          {t('admin.createTenant')}
        </Button>
      </Stack>
    </Modal>
  );
}
