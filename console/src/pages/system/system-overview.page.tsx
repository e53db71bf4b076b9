import { Alert, Tabs } from '@mantine/core';
import { IconBuildingCommunity, IconFlag, IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminMark } from '../../components/admin-mark';
import { PageHeader } from '../../components/page-header';
import { useCan, useSession } from '../../lib/session';
import { BackgroundJobsTab } from './background-jobs.tab';
import { FeatureFlagsTab } from './feature-flags.tab';
import { TenantsTab } from './tenants.tab';

type TTab = 'jobs' | 'tenants' | 'flags';

/**
 * System overview: Background Jobs, Tenants and Feature Flags for the super administrator; the other tabs come with
 * their features. Tenant administrators (and holders of backgroundJobs) see Background Jobs only, of their tenant.
 */
export default function SystemOverviewPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const superAdmin = session.user.isSuperAdmin;
  const tabs: TTab[] = [
    ...(can('backgroundJobs') ? (['jobs'] as const) : []),
    ...(superAdmin ? (['tenants', 'flags'] as const) : []),
  ];
  if (tabs.length === 0) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const requested = params.get('tab');
  const tab = tabs.find((x) => x === requested) ?? (superAdmin ? 'tenants' : tabs[0]!);
  return (
    <>
      <PageHeader title={t('nav.systemOverview')} badge={<AdminMark superAdmin={superAdmin} size={18} />} />
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? tabs[0]! })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.includes('jobs') && (
            <Tabs.Tab value="jobs" leftSection={<IconTimeline size={14} />} data-testid="tab-jobs">
              {t('jobs.title')}
            </Tabs.Tab>
          )}
          {superAdmin && (
            <>
              <Tabs.Tab value="tenants" leftSection={<IconBuildingCommunity size={14} />} data-testid="tab-tenants">
                {t('admin.tenants')}
              </Tabs.Tab>
              <Tabs.Tab value="flags" leftSection={<IconFlag size={14} />} data-testid="tab-flags">
                {t('flags.title')}
              </Tabs.Tab>
            </>
          )}
        </Tabs.List>
        <Tabs.Panel value="jobs">
          <BackgroundJobsTab />
        </Tabs.Panel>
        {superAdmin && (
          <>
            <Tabs.Panel value="tenants">
              <TenantsTab />
            </Tabs.Panel>
            <Tabs.Panel value="flags">
              <FeatureFlagsTab />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </>
  );
}
