import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { GroupsTab } from './groups.tab';
import { SystemActivityTab } from './system-activity.tab';
import { TeamTab } from './team.tab';

export default function MyOrganisationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'team';
  return (
    <>
      <Title order={2} mb="md">
        {t('nav.myOrganisation')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'team' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="team">{t('organisation.myTeam')}</Tabs.Tab>
          <Tabs.Tab value="groups">{t('organisation.groups')}</Tabs.Tab>
          <Tabs.Tab value="activity">{t('organisation.systemActivity')}</Tabs.Tab>
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
