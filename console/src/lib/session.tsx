import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
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
  const language = session.data?.user.language;
  useEffect(() => {
    if (language && !i18n.language.startsWith(language)) void i18n.changeLanguage(language);
  }, [language, i18n]);

  if (session.isLoading) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    const error = session.error ? '&deactivated=1' : '';
    return <Navigate to={`/login?next=${encodeURIComponent(next)}${error}`} replace />;
  }
  if (session.data.mfaEnrolmentRequired && location.pathname !== '/user-settings') {
    return <Navigate to="/user-settings?tab=profile&enrol=1" replace />;
  }
  return <>{children}</>;
}
