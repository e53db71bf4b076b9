import { Alert, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { FeatureFlagsTab } from './feature-flags.tab';
import { TenantsTab } from './tenants.tab';

export default function SystemOverviewPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const [params, setParams] = useSearchParams();
  if (!session.user.isSuperAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const tab = params.get('tab') ?? 'tenants';
  return (
    <>
      <Title order={2} mb="md">
        {t('nav.systemOverview')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'tenants' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tenants">{t('admin.tenants')}</Tabs.Tab>
          <Tabs.Tab value="flags">{t('flags.title')}</Tabs.Tab>
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
