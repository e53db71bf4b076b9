import { Alert, Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { TenantsTable } from './tenants.table';

function Stat({ label, value, icon, testId }: { label: string; value: ReactNode; icon: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
          {label}
        </Text>
        <Text fw={700} fz={28} lh={1.1} data-testid={testId}>
          {value}
        </Text>
        <Text c="dimmed">{icon}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * Admin dashboard (super administrator), the System section's first page at the spec's /admin. System Tasks join the
 * section when system tasks exist, so there is no dead link.
 */
export function AdminDashboardPanel() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const tenants = trpc.tenants.list.useQuery(undefined, { enabled: session.user.isSuperAdmin });
  if (!session.user.isSuperAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const list = tenants.data ?? [];
  const value = (n: number) => (tenants.isLoading ? '…' : n);
  const newest = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 5);
  return (
    <>
      {tenants.error && <Alert color="red">{t('errors.TENANTS_FETCH_FAILED')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <Stat
          label={t('admin.tenants')}
          value={value(list.length)}
          icon={<IconBuildingCommunity size={16} />}
          testId="stat-tenants"
        />
        <Stat
          label={t('admin.activeTenants')}
          value={value(list.filter((x) => x.active).length)}
          icon={<IconBuildingCommunity size={16} />}
          testId="stat-active-tenants"
        />
        <Stat
          label={t('admin.users')}
          value={value(list.reduce((sum, x) => sum + x.userCount, 0))}
          icon={<IconUsers size={16} />}
          testId="stat-users"
        />
      </SimpleGrid>
      <Text fw={600} size="sm" mb="xs">
        {t('admin.newestTenants')}
      </Text>
      <TenantsTable tenants={newest} loading={tenants.isLoading} />
      <Anchor component={Link} to="/settings/tenants" size="sm" mt="xs" display="inline-block">
        {t('admin.allTenants')}
      </Anchor>
    </>
  );
}
