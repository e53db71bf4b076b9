import { Alert, Tabs } from '@mantine/core';
import { IconBuildingCommunity, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminMark } from '../../components/admin-mark';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session';
import { FeatureFlagsTab } from './feature-flags.tab';
import { TenantsTab } from './tenants.tab';

const tabs = ['tenants', 'flags'] as const;

/** System overview (super administrator): Tenants and Feature Flags; the other tabs come with their features. */
export default function SystemOverviewPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const [params, setParams] = useSearchParams();
  if (!session.user.isSuperAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const requested = params.get('tab');
  const tab = tabs.some((x) => x === requested) ? requested! : 'tenants';
  return (
    <>
      <PageHeader title={t('nav.systemOverview')} badge={<AdminMark superAdmin size={18} />} />
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'tenants' })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tenants" leftSection={<IconBuildingCommunity size={14} />} data-testid="tab-tenants">
            {t('admin.tenants')}
          </Tabs.Tab>
          <Tabs.Tab value="flags" leftSection={<IconFlag size={14} />} data-testid="tab-flags">
            {t('flags.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tenants">
          <TenantsTab />
        </Tabs.Panel>
        <Tabs.Panel value="flags">
          <FeatureFlagsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
