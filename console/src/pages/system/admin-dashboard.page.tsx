import { Alert, Card, Group, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/app-error';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Admin dashboard (super administrator). System tasks join its navigation when they exist. */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const tenants = trpc.tenants.list.useQuery(undefined, { enabled: session.user.isSuperAdmin });
  if (!session.user.isSuperAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const list = tenants.data ?? [];
  const stats = [
    { label: t('admin.tenants'), value: list.length },
    { label: t('admin.activeTenants'), value: list.filter((x) => x.active).length },
    { label: t('admin.users'), value: list.reduce((sum, x) => sum + x.userCount, 0) },
  ];
  return (
    <Group align="flex-start" wrap="nowrap">
      <Stack w={200} gap={0}>
        <NavLink
          component={Link}
          to="/admin"
          label={t('admin.dashboard')}
          leftSection={<IconLayoutDashboard size={16} />}
          active
        />
      </Stack>
      <Stack style={{ flex: 1 }}>
        <Title order={2}>{t('admin.dashboard')}</Title>
        {tenants.error && <Alert color="red">{errorMessage(t, tenants.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {stats.map((s) => (
            <Card key={s.label} withBorder>
              <Text size="sm" c="dimmed">
                {s.label}
              </Text>
              <Text fw={700} size="xl">
                {tenants.isLoading ? '…' : s.value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Group>
  );
}
