import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Burger,
  Group,
  Menu,
  NavLink,
  Text,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuilding,
  IconHome,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconServer,
  IconSettings,
  IconShieldLock,
  IconSun,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { adminColor } from '../app/theme';
import { languages } from '../lib/i18n';
import { useCan, useSession } from '../lib/session';
import { trpc } from '../lib/trpc';

export default function ShellLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle }] = useDisclosure();
  const session = useSession().data!;
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      await utils.auth.session.reset();
      void navigate('/login');
    },
  });
  const isTenantAdmin = session.isAdmin;
  const isSuperAdmin = session.user.isSuperAdmin;
  const admin = adminColor(isSuperAdmin);
  const adminBadge = (
    <Badge size="xs" color={admin} variant="light">
      {t('nav.adminOnly')}
    </Badge>
  );

  const nav: Array<{ to: string; label: string; icon: ReactNode; show: boolean; adminOnly?: boolean }> = [
    { to: '/', label: t('nav.home'), icon: <IconHome size={18} />, show: true },
    {
      to: '/my-organisation',
      label: t('nav.myOrganisation'),
      icon: <IconUsers size={18} />,
      show: can('userManagement'),
    },
    {
      to: '/settings/tenant',
      label: t('nav.systemSettings'),
      icon: <IconSettings size={18} />,
      show: isTenantAdmin,
      adminOnly: true,
    },
    {
      to: '/system',
      label: t('nav.systemOverview'),
      icon: <IconServer size={18} />,
      show: isSuperAdmin,
      adminOnly: true,
    },
  ];

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" />
            <Text fw={700} component={Link} to="/" c="inherit" td="none">
              MAM
            </Text>
            <Text c="dimmed" size="sm" data-testid="organisation-name">
              {session.tenant.name}
            </Text>
          </Group>
          <Group gap="xs">
            <Tooltip label={t('nav.toggleTheme')}>
              <ActionIcon variant="subtle" onClick={toggleColorScheme} aria-label={t('nav.toggleTheme')}>
                {colorScheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" width={240} withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="lg" aria-label={t('nav.profileMenu')} data-testid="profile-menu">
                  <Avatar size="sm" color={isSuperAdmin ? 'orange' : 'blue'}>
                    {session.user.name.slice(0, 2).toUpperCase()}
                  </Avatar>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{session.user.email}</Menu.Label>
                <Menu.Item leftSection={<IconUser size={16} />} component={Link} to="/user-settings">
                  {t('nav.userSettings')}
                </Menu.Item>
                {can('userManagement') && (
                  <Menu.Item leftSection={<IconBuilding size={16} />} component={Link} to="/my-organisation">
                    {t('nav.myOrganisation')}
                  </Menu.Item>
                )}
                {isTenantAdmin && (
                  <Menu.Item
                    leftSection={<IconSettings size={16} />}
                    rightSection={adminBadge}
                    component={Link}
                    to="/settings/tenant"
                  >
                    {t('nav.systemSettings')}
                  </Menu.Item>
                )}
                {isSuperAdmin && (
                  <>
                    <Menu.Item
                      leftSection={<IconShieldLock size={16} />}
                      rightSection={adminBadge}
                      component={Link}
                      to="/admin"
                    >
                      {t('nav.admin')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconServer size={16} />}
                      rightSection={adminBadge}
                      component={Link}
                      to="/system"
                    >
                      {t('nav.systemOverview')}
                    </Menu.Item>
                  </>
                )}
                <Menu.Divider />
                <Menu.Label>
                  <Group gap={4}>
                    <IconLanguage size={14} /> {t('nav.language')}
                  </Group>
                </Menu.Label>
                {languages.map((l) => (
                  <Menu.Item
                    key={l.code}
                    data-testid={`language-${l.code}`}
                    fw={i18n.resolvedLanguage === l.code ? 700 : undefined}
                    onClick={() => void i18n.changeLanguage(l.code)}
                  >
                    {l.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconLogout size={16} />}
                  onClick={() => logout.mutate()}
                  data-testid="logout"
                >
                  {t('nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {nav
          .filter((n) => n.show)
          .map((n) => (
            <NavLink
              key={n.to}
              component={Link}
              to={n.to}
              label={n.label}
              leftSection={n.icon}
              rightSection={
                n.adminOnly ? <IconShieldLock size={14} color={`var(--mantine-color-${admin}-5)`} /> : undefined
              }
              active={
                n.to === '/' ? location.pathname === '/' : location.pathname.startsWith(n.to.replace('/tenant', ''))
              }
            />
          ))}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
