import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiKeysTab } from './api-keys.tab';
import { ProfileTab } from './profile.tab';
import { PreferencesTab } from './preferences.tab';

export default function UserSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'profile';
  return (
    <>
      <Title order={2} mb="md">
        {t('nav.userSettings')}
      </Title>
      <Tabs value={tab} onChange={(value) => setParams({ tab: value ?? 'profile' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile">{t('userSettings.myProfile')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('userSettings.settings')}</Tabs.Tab>
          <Tabs.Tab value="apiKeys" data-testid="tab-api-keys">
            {t('userSettings.apiKeys')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <PreferencesTab />
        </Tabs.Panel>
        <Tabs.Panel value="apiKeys">
          <ApiKeysTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
