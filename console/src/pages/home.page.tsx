import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconServer, IconSettings, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCan, useSession } from '../lib/session';

function Tile({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card withBorder component={Link} to={to} padding="lg">
      {icon}
      <Text fw={600} mt="sm">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}

/** The landing page lists what this installation can do now; search and media join it as they land. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const can = useCan();
  return (
    <Stack>
      <div>
        <Title order={2} data-testid="welcome">
          {t('home.welcome', { name: session.user.name })}
        </Title>
        <Text c="dimmed">{t('home.organisation', { organisation: session.tenant.name })}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Tile
          to="/user-settings?tab=apiKeys"
          icon={<IconKey />}
          title={t('userSettings.apiKeys')}
          text={t('home.apiKeysText')}
        />
        {can('userManagement') && (
          <Tile
            to="/my-organisation"
            icon={<IconUsers />}
            title={t('nav.myOrganisation')}
            text={t('home.organisationText')}
          />
        )}
        {session.isAdmin && (
          <Tile
            to="/settings/tenant"
            icon={<IconSettings />}
            title={t('nav.systemSettings')}
            text={t('home.settingsText')}
          />
        )}
        {session.user.isSuperAdmin && (
          <Tile to="/system" icon={<IconServer />} title={t('nav.systemOverview')} text={t('home.systemText')} />
        )}
      </SimpleGrid>
    </Stack>
  );
}
