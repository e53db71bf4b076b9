import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { appErrorOf } from './app-error';
import { navigatorLanguages, profileLanguage } from './i18n';
import { trpc, type RouterOutputs } from './trpc';

export type TSession = NonNullable<RouterOutputs['auth']['session']>;

export function useSession() {
  return trpc.auth.session.useQuery(undefined, { staleTime: 30_000, retry: false });
}

/** Loads the session anew and waits for it, so guards see the signed-in user before we navigate. */
export function useReloadSession() {
  const utils = trpc.useUtils();
  return () => utils.auth.session.fetch(undefined, { staleTime: 0 });
}

export function useCan() {
  const { data } = useSession();
  const permissions = new Set<string>(data?.permissions ?? []);
  return (permission: string) => Boolean(data?.user.isSuperAdmin || permissions.has(permission));
}

/** Pages behind sign-in; forced MFA enrolment sends the user to it first. The user's language follows them. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { i18n } = useTranslation();
  const signedIn = Boolean(session.data);
  const saved = session.data?.user.language;
  useEffect(() => {
    if (!signedIn) return;
    const wanted = profileLanguage(saved, navigatorLanguages());
    if (i18n.resolvedLanguage !== wanted) void i18n.changeLanguage(wanted);
  }, [signedIn, saved, i18n]);

  if (session.isLoading) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!session.data) {
    // A failed single sign-on comes back as /?ssoError=CODE; a blocked account or organisation makes the session
    // call fail with its code. The login page shows either.
    const search = new URLSearchParams(location.search);
    const ssoError = search.get('ssoError');
    search.delete('ssoError');
    const rest = search.toString();
    const login = new URLSearchParams({ next: `${location.pathname}${rest ? `?${rest}` : ''}` });
    const error = ssoError ?? appErrorOf(session.error)?.code;
    if (error) login.set(ssoError ? 'ssoError' : 'error', error);
    return <Navigate to={`/login?${login.toString()}`} replace />;
  }
  if (session.data.mfaEnrolmentRequired && location.pathname !== '/user-settings') {
    return <Navigate to="/user-settings?tab=profile" replace />;
  }
  return <>{children}</>;
}
