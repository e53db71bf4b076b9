import { Alert, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { SsoSettingsPanel } from './sso-settings.panel';
import { TenantConfigPanel } from './tenant-config.panel';

/** System Settings (tenant administrator): /settings/tenant and /settings/sso. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const location = useLocation();
  const navigate = useNavigate();
  const tab = location.pathname.split('/')[2] || 'tenant';
  if (!session.isAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  return (
    <>
      <Title order={2} mb="md">
        {t('nav.systemSettings')}
      </Title>
      <Tabs value={tab} onChange={(v) => void navigate(`/settings/${v ?? 'tenant'}`)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tenant">{t('settings.tenantConfig')}</Tabs.Tab>
          <Tabs.Tab value="sso">{t('settings.sso')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tenant">
          <TenantConfigPanel />
        </Tabs.Panel>
        <Tabs.Panel value="sso">
          <SsoSettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
