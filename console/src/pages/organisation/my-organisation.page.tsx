import { Alert, Tabs } from '@mantine/core';
import { IconActivity, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useCan, useSession } from '../../lib/session';
import { GroupsTab } from './groups.tab';
import { SystemActivityTab } from './system-activity.tab';
import { TeamTab } from './team.tab';

const tabs = ['team', 'groups', 'activity'] as const;

/** My Organization: My Team, Groups and System Activity (Billing and Statistics come with their features). */
export default function MyOrganisationPage() {
  const { t } = useTranslation();
  const session = useSession().data!;
  const can = useCan();
  const [params, setParams] = useSearchParams();
  if (!can('userManagement') && !session.isAdmin) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const requested = params.get('tab');
  const tab = tabs.some((x) => x === requested) ? requested! : 'team';
  return (
    <>
      <PageHeader title={t('nav.myOrganisation')} description={session.tenant.name} />
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'team' })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="team" leftSection={<IconUsers size={14} />} data-testid="tab-team">
            {t('organisation.myTeam')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={14} />} data-testid="tab-groups">
            {t('organisation.groups')}
          </Tabs.Tab>
          <Tabs.Tab value="activity" leftSection={<IconActivity size={14} />} data-testid="tab-activity">
            {t('organisation.systemActivity')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="team">
          <TeamTab />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <GroupsTab />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <SystemActivityTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
