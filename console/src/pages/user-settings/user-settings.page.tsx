import { Tabs } from '@mantine/core';
import { IconAdjustments, IconBell, IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { NotificationSettingsTab } from '../../features/notifications';
import { useSession } from '../../lib/session';
import { ApiKeysTab } from './api-keys.tab';
import { PreferencesTab } from './preferences.tab';
import { ProfileTab } from './profile.tab';

const tabs = ['profile', 'settings', 'notifications', 'apiKeys'] as const;

/** User settings: My Profile, Settings (this browser's preferences) and API Keys. */
export default function UserSettingsPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const [params, setParams] = useSearchParams();
  const restricted = session.mfaEnrolmentRequired;
  const requested = params.get('tab');
  const tab = !restricted && tabs.some((x) => x === requested) ? requested! : 'profile';
  return (
    <>
      <PageHeader title={t('nav.userSettings')} description={session.user.email} />
      <Tabs value={tab} onChange={(value) => setParams({ tab: value ?? 'profile' })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={14} />} data-testid="tab-profile">
            {t('userSettings.myProfile')}
          </Tabs.Tab>
          {!restricted && (
            <>
              <Tabs.Tab value="settings" leftSection={<IconAdjustments size={14} />} data-testid="tab-settings">
                {t('userSettings.settings')}
              </Tabs.Tab>
              <Tabs.Tab value="notifications" leftSection={<IconBell size={14} />} data-testid="tab-notifications">
                {t('userSettings.notifications')}
              </Tabs.Tab>
              <Tabs.Tab value="apiKeys" leftSection={<IconKey size={14} />} data-testid="tab-api-keys">
                {t('userSettings.apiKeys')}
              </Tabs.Tab>
            </>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <PreferencesTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="apiKeys">
          <ApiKeysTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
