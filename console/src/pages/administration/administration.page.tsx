import { Alert, Grid, NavLink, Paper, Stack, Text } from '@mantine/core';
import {
  IconActivity,
  IconAntenna,
  IconAdjustmentsHorizontal,
  IconBuildingCommunity,
  IconDatabase,
  IconFlag,
  IconForms,
  IconKey,
  IconLayoutDashboard,
  IconMovie,
  IconTimeline,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AdminMark } from '../../components/admin-mark';
import { LiveSourcesPanel } from '../../features/live-sources';
import { PageHeader } from '../../components/page-header';
import { useCan, useSession } from '../../lib/session';
import { GroupsTab } from '../organisation/groups.tab';
import { SystemActivityTab } from '../organisation/system-activity.tab';
import { TeamTab } from '../organisation/team.tab';
import { MetadataFormsPanel } from '../settings/metadata-forms/form-list.panel';
import { RenderPresetsPanel } from '../settings/render-presets/render-presets.panel';
import { SsoSettingsPanel } from '../settings/sso-settings.panel';
import { StorageSettingsPanel } from '../settings/storage-settings.panel';
import { TenantConfigPanel } from '../settings/tenant-config.panel';
import { AdminDashboardPanel } from '../system/admin-dashboard.panel';
import { BackgroundJobsTab } from '../system/background-jobs.tab';
import { FeatureFlagsTab } from '../system/feature-flags.tab';
import { TenantsTab } from '../system/tenants.tab';
import {
  allowedSections,
  legacyTarget,
  sectionOfPath,
  sectionPath,
  type TAdminAccess,
  type TAdminGroup,
  type TAdminSectionId,
} from './administration.sections';

const views: Record<TAdminSectionId, { icon: ReactNode; Panel: ComponentType }> = {
  team: { icon: <IconUsers size={16} />, Panel: TeamTab },
  groups: { icon: <IconUsersGroup size={16} />, Panel: GroupsTab },
  forms: { icon: <IconForms size={16} />, Panel: MetadataFormsPanel },
  presets: { icon: <IconMovie size={16} />, Panel: RenderPresetsPanel },
  storage: { icon: <IconDatabase size={16} />, Panel: StorageSettingsPanel },
  live: { icon: <IconAntenna size={16} />, Panel: LiveSourcesPanel },
  sso: { icon: <IconKey size={16} />, Panel: SsoSettingsPanel },
  tenant: { icon: <IconAdjustmentsHorizontal size={16} />, Panel: TenantConfigPanel },
  activity: { icon: <IconActivity size={16} />, Panel: SystemActivityTab },
  dashboard: { icon: <IconLayoutDashboard size={16} />, Panel: AdminDashboardPanel },
  tenants: { icon: <IconBuildingCommunity size={16} />, Panel: TenantsTab },
  flags: { icon: <IconFlag size={16} />, Panel: FeatureFlagsTab },
  jobs: { icon: <IconTimeline size={16} />, Panel: BackgroundJobsTab },
};

/** The signed-in user's view of what Administration offers. */
export function useAdminAccess(): TAdminAccess {
  const session = useSession().data;
  const can = useCan();
  return {
    isAdmin: session?.isAdmin ?? false,
    isSuperAdmin: session?.user.isSuperAdmin ?? false,
    restricted: session?.mfaEnrolmentRequired ?? true,
    can,
  };
}

/**
 * Administration: one area, its sections grouped by purpose (organisation, content, storage, sign-in and security,
 * tenant configuration, activity, system). Each section shows only to those its server calls allow.
 */
export default function AdministrationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const access = useAdminAccess();
  const sections = allowedSections(access);
  const current = sectionOfPath(location.pathname);
  if (sections.length === 0) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  if (!current) return <Navigate to={sectionPath(sections[0]!.id)} replace />;
  const section = sections.find((s) => s.id === current);
  if (!section) return <Alert color="red">{t('errors.FORBIDDEN')}</Alert>;
  const { Panel } = views[section.id];
  const groups = sections.reduce<TAdminGroup[]>((all, s) => (all.includes(s.group) ? all : [...all, s.group]), []);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, lg: 3, xl: 2 }}>
        <Paper withBorder p={6} component="nav" aria-label={t('administration.title')} data-testid="admin-sections">
          <Stack gap={2}>
            {groups.map((group) => (
              <div key={group}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt={6} pb={2} data-testid="admin-group">
                  {t(`administration.groups.${group}`)}
                </Text>
                {sections
                  .filter((s) => s.group === group)
                  .map((s) => (
                    <NavLink
                      key={s.id}
                      component={Link}
                      to={sectionPath(s.id)}
                      label={t(`administration.sections.${s.id}.title`)}
                      leftSection={views[s.id].icon}
                      active={s.id === section.id}
                      variant="light"
                      py={6}
                      data-testid={s.testId}
                    />
                  ))}
              </div>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, lg: 9, xl: 10 }} miw={0}>
        <PageHeader
          title={t(`administration.sections.${section.id}.title`)}
          description={t(`administration.sections.${section.id}.description`)}
          badge={
            access.isAdmin || section.group === 'system' ? (
              <AdminMark superAdmin={access.isSuperAdmin} size={18} />
            ) : undefined
          }
        />
        <Panel key={section.id} />
      </Grid.Col>
    </Grid>
  );
}

/** /my-organisation and /system (the areas this one replaced) lead into the matching section. */
export function LegacyAdminRedirect() {
  const location = useLocation();
  const access = useAdminAccess();
  const tab = new URLSearchParams(location.search).get('tab');
  return <Navigate to={legacyTarget(location.pathname, tab, access)} replace />;
}
