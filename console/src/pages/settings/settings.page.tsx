import { Alert, Tabs } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDatabase, IconForms, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AdminMark } from '../../components/admin-mark';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session';
import { MetadataFormsPanel } from './metadata-forms/form-list.panel';
import { SsoSettingsPanel } from './sso-settings.panel';
import { StorageSettingsPanel } from './storage-settings.panel';
import { TenantConfigPanel } from './tenant-config.panel';

const tabs = ['tenant', 'sso', 'storage', 'forms'] as const;

/** System Settings (tenant administrator): /settings/tenant, /settings/sso, /settings/storage and /settings/forms. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const location = useLocation();
  const navigate = useNavigate();
  if (!session.isAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const requested = location.pathname.split('/')[2];
  const tab = tabs.find((x) => x === requested);
  if (!tab) return <Navigate to="/settings/tenant" replace />;
  return (
    <>
      <PageHeader
        title={t('nav.systemSettings')}
        description={session.tenant.name}
        badge={<AdminMark superAdmin={session.user.isSuperAdmin} size={18} />}
      />
      <Tabs value={tab} onChange={(v) => void navigate(`/settings/${v ?? 'tenant'}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab
            value="tenant"
            leftSection={<IconAdjustmentsHorizontal size={14} />}
            data-testid="tab-tenant-config"
          >
            {t('settings.tenantConfig')}
          </Tabs.Tab>
          <Tabs.Tab value="sso" leftSection={<IconKey size={14} />} data-testid="tab-sso">
            {t('settings.sso')}
          </Tabs.Tab>
          <Tabs.Tab value="storage" leftSection={<IconDatabase size={14} />} data-testid="tab-storage">
            {t('storage.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="forms" leftSection={<IconForms size={14} />} data-testid="tab-forms">
            {t('forms.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tenant">
          <TenantConfigPanel />
        </Tabs.Panel>
        <Tabs.Panel value="sso">
          <SsoSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="storage">
          <StorageSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="forms">
          <MetadataFormsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
