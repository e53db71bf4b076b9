import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { RequireSession } from '../lib/session';
import { SearchRedirect } from '../pages/search/search-redirect';

/** Every page loads on demand (spec section 2). */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

const legacyAdminRedirect = () =>
  import('../pages/administration/administration.page').then((m) => ({ default: m.LegacyAdminRedirect }));

const Shell = lazy(() => import('../layout/shell.layout'));

function Authenticated() {
  return (
    <RequireSession>
      <Suspense fallback={null}>
        <Shell>
          <Outlet />
        </Shell>
      </Suspense>
    </RequireSession>
  );
}

export const router = createBrowserRouter([
  { path: '/login', element: page(() => import('../pages/auth/login.page')) },
  { path: '/public/forgot-password', element: page(() => import('../pages/auth/forgot-password.page')) },
  { path: '/public/forgot-password/verify', element: page(() => import('../pages/auth/verify-reset-code.page')) },
  { path: '/public/forgot-password/reset', element: page(() => import('../pages/auth/reset-password.page')) },
  { path: '/sign-in-code', element: page(() => import('../pages/auth/sign-in-code.page')) },
  { path: '/u/:token', element: page(() => import('../pages/upload-request/upload-request.page')) },
  { path: '/s/:token', element: page(() => import('../pages/share/public-share.page')) },
  {
    element: <Authenticated />,
    children: [
      { path: '/', element: page(() => import('../pages/search/search.page')) },
      { path: '/search-item', element: page(() => import('../pages/search/search.page')) },
      { path: '/index.html', element: <SearchRedirect /> },
      { path: '/search-person', element: <SearchRedirect /> },
      { path: '/cutter', element: page(() => import('../pages/cutter/cutter.page')) },
      { path: '/folders', element: page(() => import('../pages/folders/folders.page')) },
      { path: '/recycle-bin', element: page(() => import('../pages/recycle-bin/recycle-bin.page')) },
      { path: '/item-details/:id', element: page(() => import('../pages/item-details/item-details.page')) },
      { path: '/activity', element: page(() => import('../pages/activity/activity-monitor.page')) },
      { path: '/userTasks', element: page(() => import('../pages/tasks/tasks.page')) },
      { path: '/share', element: page(() => import('../pages/share/my-shares.page')) },
      { path: '/change-password', element: page(() => import('../pages/auth/change-password.page')) },
      { path: '/my-account', element: <Navigate to="/my-organisation" replace /> },
      { path: '/user-settings', element: page(() => import('../pages/user-settings/user-settings.page')) },
      // Administration: its sections under the spec's /settings*, its dashboard at /admin; the routes of the areas
      // it replaced lead into the matching section.
      { path: '/settings/*', element: page(() => import('../pages/administration/administration.page')) },
      { path: '/admin', element: page(() => import('../pages/administration/administration.page')) },
      // Live sources, at the spec's /dvr-settings: a section of Administration like the rest.
      { path: '/dvr-settings', element: page(() => import('../pages/administration/administration.page')) },
      { path: '/my-organisation', element: page(legacyAdminRedirect) },
      { path: '/system', element: page(legacyAdminRedirect) },
      // The same layout behind the browse or the export feature flag (spec section 2).
      { path: '/browse', element: page(() => import('../pages/library-layout/browse.page')) },
      { path: '/export', element: page(() => import('../pages/library-layout/export.page')) },
      { path: '*', element: page(() => import('../pages/not-found.page')) },
    ],
  },
]);
