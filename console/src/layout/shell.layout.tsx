import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconActivity,
  IconCheck,
  IconChecklist,
  IconShare,
  IconChevronDown,
  IconCut,
  IconFileExport,
  IconFolderSearch,
  IconFolders,
  IconHome,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconTrash,
  IconUserCog,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AdminMark } from '../components/admin-mark';
import { BookmarkPageButton, BookmarksNav } from '../features/bookmarks';
import { NotificationBell } from '../features/notifications';
import { HeaderUploadButton, UploadProvider, WindowDropTarget } from '../features/upload';
import { LiveDownloadTray } from '../features/live-download';
import { languages, type TLanguage } from '../lib/i18n';
import { allowedSections, sectionOfPath, sectionPath } from '../pages/administration/administration.sections';
import { useCan, useSession } from '../lib/session';
import { trpc } from '../lib/trpc';

interface TNavEntry {
  to: string;
  /** The path prefix that marks the entry as the current page. */
  match: string;
  label: string;
  icon: ReactNode;
  adminOnly?: boolean;
  testId: string;
}

/**
 * The frame of every signed-in page. Menus list only pages that exist and that the user may open; entries only
 * administrators see carry the admin mark (spec section 9).
 */
export default function ShellLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const session = useSession().data!;
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      // Nothing of this user may show to the next one signing in on this browser.
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey[0]) !== '["auth","session"]' });
      utils.auth.session.setData(undefined, null);
      void navigate('/login', { replace: true });
    },
  });
  const updateProfile = trpc.profile.update.useMutation({ onSuccess: () => utils.auth.session.invalidate() });
  // The choice follows the user to other browsers: it is saved in the profile as well as applied here.
  function switchLanguage(language: TLanguage) {
    void i18n.changeLanguage(language);
    if (!session.mfaEnrolmentRequired) updateProfile.mutate({ name: session.user.name, language });
  }
  // Close the mobile navigation after a move.
  useEffect(close, [location.pathname, close]);

  const isSuperAdmin = session.user.isSuperAdmin;
  const restricted = session.mfaEnrolmentRequired;
  // One Administration entry, shown when at least one of its sections is open to this user.
  const adminSections = allowedSections({ isAdmin: session.isAdmin, isSuperAdmin, restricted, can });
  const showAdministration = adminSections.length > 0;
  const flags = new Set(session.featureFlags);

  const nav: TNavEntry[] = [
    { to: '/', match: '/', label: t('nav.home'), icon: <IconHome size={18} />, testId: 'nav-home' },
  ];
  // The cutter (spec section 2: the search screen with a cutter), for those with the cutter permission.
  if (!restricted && can('cutter'))
    nav.push({
      to: '/cutter',
      match: '/cutter',
      label: t('cutter.title'),
      icon: <IconCut size={18} />,
      testId: 'nav-cutter',
    });
  // Left menu (spec section 2): Folders and Recycle Bin, each behind its sidebar visibility toggle.
  if (!restricted && can('sidebarFolders'))
    nav.push({
      to: '/folders',
      match: '/folders',
      label: t('folders.title'),
      icon: <IconFolders size={18} />,
      testId: 'nav-folders',
    });
  if (!restricted && can('sidebarRecycleBin'))
    nav.push({
      to: '/recycle-bin',
      match: '/recycle-bin',
      label: t('recycleBin.title'),
      icon: <IconTrash size={18} />,
      testId: 'nav-recycle-bin',
    });
  if (!restricted && can('commentRead'))
    nav.push({
      to: '/userTasks',
      match: '/userTasks',
      label: t('nav.myTasks'),
      icon: <IconChecklist size={18} />,
      testId: 'nav-my-tasks',
    });
  if (!restricted && can('shareMedia'))
    nav.push({
      to: '/share',
      match: '/share',
      label: t('nav.myShares'),
      icon: <IconShare size={18} />,
      testId: 'nav-my-shares',
    });
  if (!restricted)
    nav.push({
      to: '/activity',
      match: '/activity',
      label: t('nav.activity'),
      icon: <IconActivity size={18} />,
      testId: 'nav-activity',
    });
  // The browse and export layouts (spec section 2) exist only while their feature flag is on for the tenant.
  if (!restricted && flags.has('browse'))
    nav.push({
      to: '/browse',
      match: '/browse',
      label: t('library.browse.title'),
      icon: <IconFolderSearch size={18} />,
      testId: 'nav-browse',
    });
  if (!restricted && flags.has('export'))
    nav.push({
      to: '/export',
      match: '/export',
      label: t('library.export.title'),
      icon: <IconFileExport size={18} />,
      testId: 'nav-export',
    });
  const adminNav: TNavEntry[] = [];
  if (showAdministration)
    adminNav.push({
      to: sectionPath(adminSections[0]!.id),
      match: '/settings',
      label: t('administration.title'),
      icon: <IconSettings size={18} />,
      adminOnly: session.isAdmin,
      testId: 'nav-administration',
    });

  const isActive = (entry: TNavEntry) =>
    entry.match === '/'
      ? location.pathname === '/'
      : location.pathname.startsWith(entry.match) ||
        (entry.testId === 'nav-administration' && sectionOfPath(location.pathname) !== undefined);
  const navLink = (entry: TNavEntry) => (
    <NavLink
      key={entry.to}
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={entry.icon}
      rightSection={entry.adminOnly ? <AdminMark superAdmin={isSuperAdmin} /> : undefined}
      active={isActive(entry)}
      data-testid={entry.testId}
      variant="light"
      py={6}
    />
  );

  return (
    <UploadProvider>
      <AppShell
        header={{ height: 48 }}
        navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
              <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }} aria-label={t('nav.home')}>
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={22} height={22} />
                  <Text fw={700} lts={0.5}>
                    {t('app.name')}
                  </Text>
                </Group>
              </Link>
              <Text c="dimmed" size="sm" visibleFrom="xs">
                /
              </Text>
              <Text size="sm" fw={500} data-testid="organisation-name" truncate maw={240}>
                {session.tenant.name}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              {!restricted && <HeaderUploadButton />}
              {!restricted && <BookmarkPageButton />}
              {!restricted && <NotificationBell />}
              <Tooltip label={t('nav.toggleTheme')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={toggleColorScheme}
                  aria-label={t('nav.toggleTheme')}
                  data-testid="toggle-theme"
                >
                  {colorScheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
                </ActionIcon>
              </Tooltip>
              <Menu position="bottom-end" width={260} withinPortal shadow="md">
                <Menu.Target>
                  <UnstyledButton aria-label={t('nav.profileMenu')} data-testid="profile-menu" px={6} py={4}>
                    <Group gap={8} wrap="nowrap">
                      <Avatar size={28} color={isSuperAdmin ? 'orange' : 'blue'} name={session.user.name} />
                      <Text size="sm" visibleFrom="sm" truncate maw={180}>
                        {session.user.name}
                      </Text>
                      <IconChevronDown size={14} />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>
                    <Text size="xs" fw={600} c="bright" truncate>
                      {session.user.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {session.user.email}
                    </Text>
                  </Menu.Label>
                  <Menu.Divider />
                  {showAdministration && (
                    <Menu.Item
                      leftSection={<IconSettings size={16} />}
                      rightSection={session.isAdmin ? <AdminMark superAdmin={isSuperAdmin} /> : undefined}
                      component={Link}
                      to={sectionPath(adminSections[0]!.id)}
                      data-testid="menu-administration"
                    >
                      {t('administration.title')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    leftSection={<IconUserCog size={16} />}
                    component={Link}
                    to="/user-settings"
                    data-testid="menu-user-settings"
                  >
                    {t('nav.userSettings')}
                  </Menu.Item>
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
                      lang={l.code}
                      rightSection={i18n.resolvedLanguage === l.code ? <IconCheck size={14} /> : undefined}
                      onClick={() => switchLanguage(l.code)}
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
          <AppShell.Section grow component={ScrollArea}>
            {restricted ? (
              <Text size="xs" c="dimmed" p="xs">
                {t('errors.MFA_ENROLMENT_REQUIRED')}
              </Text>
            ) : (
              <Stack gap={2}>
                {nav.map(navLink)}
                <BookmarksNav />
                {adminNav.length > 0 && (
                  <>
                    <Divider my={6} />
                    {adminNav.map(navLink)}
                  </>
                )}
              </Stack>
            )}
          </AppShell.Section>
          <AppShell.Section>
            <Text size="xs" c="dimmed" px="sm" py={4}>
              {session.tenant.slug}
            </Text>
          </AppShell.Section>
        </AppShell.Navbar>
        {/* Room below the content for the uploads tray, so it never hides the end of a page. */}
        <AppShell.Main pb="calc(var(--mantine-spacing-md) + var(--uploads-tray-room, 0px))">
          {children}
          {!restricted && <WindowDropTarget />}
          <LiveDownloadTray />
        </AppShell.Main>
      </AppShell>
    </UploadProvider>
  );
}
