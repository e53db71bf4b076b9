import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconBuilding,
  IconKey,
  IconLayoutDashboard,
  IconServer,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminMark } from '../components/admin-mark';
import { useCan, useSession } from '../lib/session';

function Tile({
  to,
  icon,
  title,
  text,
  admin,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  admin?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder component={Link} to={to} padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start">
        <Text c="blue">{icon}</Text>
        {admin}
      </Group>
      <Text fw={600} mt="xs">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}

/**
 * The landing page lists what this installation can do today, for this user. Search, folders and media join it as
 * they land; nothing here pretends they already exist.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const can = useCan();
  const superAdmin = session.user.isSuperAdmin;
  const mark = <AdminMark superAdmin={superAdmin} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} data-testid="welcome">
          {t('home.welcome', { name: session.user.name })}
        </Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">{t('home.organisation', { organisation: session.tenant.name })}</Text>
          {superAdmin && (
            <Badge color="orange" variant="light" size="sm">
              {t('home.superAdmin')}
            </Badge>
          )}
          {!superAdmin && session.isAdmin && (
            <Badge color="green" variant="light" size="sm">
              {t('home.tenantAdmin')}
            </Badge>
          )}
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        <Tile
          to="/user-settings?tab=profile"
          icon={<IconAdjustments size={22} />}
          title={t('nav.userSettings')}
          text={t('home.userSettingsText')}
          testId="tile-user-settings"
        />
        {can('apiKeys') && (
          <Tile
            to="/user-settings?tab=apiKeys"
            icon={<IconKey size={22} />}
            title={t('userSettings.apiKeys')}
            text={t('home.apiKeysText')}
            testId="tile-api-keys"
          />
        )}
        {(can('userManagement') || session.isAdmin) && (
          <Tile
            to="/my-organisation"
            icon={<IconBuilding size={22} />}
            title={t('nav.myOrganisation')}
            text={t('home.organisationText')}
            testId="tile-my-organisation"
          />
        )}
        {session.isAdmin && (
          <Tile
            to="/settings/tenant"
            icon={<IconSettings size={22} />}
            title={t('nav.systemSettings')}
            text={t('home.settingsText')}
            admin={mark}
            testId="tile-system-settings"
          />
        )}
        {superAdmin && (
          <Tile
            to="/admin"
            icon={<IconLayoutDashboard size={22} />}
            title={t('admin.title')}
            text={t('home.adminText')}
            admin={mark}
            testId="tile-admin"
          />
        )}
        {superAdmin && (
          <Tile
            to="/system"
            icon={<IconServer size={22} />}
            title={t('nav.systemOverview')}
            text={t('home.systemText')}
            admin={mark}
            testId="tile-system-overview"
          />
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('home.restApi')}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </a>
      </Text>
    </Stack>
  );
}
