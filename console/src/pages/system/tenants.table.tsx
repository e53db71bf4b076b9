import { ActionIcon, Badge, Group, Switch, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { type RouterOutputs } from '../../lib/trpc';

export type TTenant = RouterOutputs['tenants']['list'][number];

/** What the Tenants tab adds to the table: the own tenant marked, storage and its quota, and the active switch. */
interface TTenantsManagement {
  ownTenantId: string;
  onEditQuota: (tenant: TTenant) => void;
  onSetActive: (tenant: TTenant, active: boolean) => void;
}

/**
 * The tenants table of the admin dashboard (newest tenants, read only) and of the Tenants tab (all of them, with
 * `manage`): one table, so the two cannot drift apart.
 */
export function TenantsTable({
  tenants,
  loading,
  manage,
}: {
  tenants: TTenant[];
  loading: boolean;
  manage?: TTenantsManagement;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = manage ? 6 : 5;
  return (
    <DataTable>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('admin.tenantName')}</Table.Th>
          <Table.Th>{t('admin.slug')}</Table.Th>
          <Table.Th>{t('admin.users')}</Table.Th>
          <Table.Th>{t('admin.created')}</Table.Th>
          {manage && <Table.Th>{t('admin.storage')}</Table.Th>}
          <Table.Th>{t('team.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tenants.map((tenant) => (
          <Table.Tr key={tenant.id} data-testid={`tenant-row-${tenant.slug}`}>
            <Table.Td fw={500}>
              <Group gap={6}>
                {tenant.name}
                {tenant.id === manage?.ownTenantId && (
                  <Badge size="xs" variant="outline">
                    {t('admin.yours')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td ff="monospace">{tenant.slug}</Table.Td>
            <Table.Td>{tenant.userCount}</Table.Td>
            <Table.Td>{format.date(tenant.createdAt)}</Table.Td>
            {manage && (
              <Table.Td data-testid="tenant-storage">
                <Group gap={4} wrap="nowrap">
                  {format.bytes(tenant.storedBytes)} /{' '}
                  {tenant.storageQuotaBytes === null ? t('config.unlimited') : format.bytes(tenant.storageQuotaBytes)}
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    onClick={() => manage.onEditQuota(tenant)}
                    aria-label={t('admin.editQuota')}
                    data-testid="tenant-edit-quota"
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            )}
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {manage && (
                  <Switch
                    size="xs"
                    checked={tenant.active}
                    disabled={tenant.id === manage.ownTenantId}
                    onChange={(e) => manage.onSetActive(tenant, e.currentTarget.checked)}
                    aria-label={t('team.active')}
                    data-testid="tenant-active"
                  />
                )}
                <Badge color={tenant.active ? 'teal' : 'red'} variant="light" size="sm">
                  {tenant.active ? t('team.active') : t('team.deactivated')}
                </Badge>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
        {loading && <TableMessage colSpan={columns} loading text="" />}
      </Table.Tbody>
    </DataTable>
  );
}
