import 'dayjs/locale/fr';
import 'dayjs/locale/nb';
import 'dayjs/locale/nn';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { hasErrorCode } from '../lib/app-error';
import { createTrpcClient, trpc } from '../lib/trpc';
import { router } from './router';
import { theme } from './theme';

const sessionKey = '["auth","session"]';

/** An expired or revoked session anywhere sends the user back to sign-in: the session guard sees it is gone. */
function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    queryCache: new QueryCache({ onError: (error, query) => signedOut(error, JSON.stringify(query.queryKey[0])) }),
    mutationCache: new MutationCache({ onError: (error) => signedOut(error, null) }),
  });
  function signedOut(error: unknown, key: string | null) {
    if (key !== sessionKey && hasErrorCode(error, 'UNAUTHENTICATED'))
      void client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey[0]) === sessionKey });
  }
  return client;
}

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? 'en', firstDayOfWeek: 1 }}>{children}</DatesProvider>
  );
}

const fullPageLoader = (
  <Center h="100vh">
    <Loader />
  </Center>
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <Notifications position="top-right" />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={fullPageLoader}>
            <LocalisedDates>
              <RouterProvider router={router} />
            </LocalisedDates>
          </Suspense>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
