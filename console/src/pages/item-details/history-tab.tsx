import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditEventsTable } from '../../features/audit/audit-events.table';
import { errorMessage } from '../../lib/app-error';
import { trpc } from '../../lib/trpc';

/** Who did what to the item, and when, newest first. */
export function HistoryTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const history = trpc.items.history.useQuery({ itemId });
  if (history.error) return <Alert color="red">{errorMessage(t, history.error)}</Alert>;
  return <AuditEventsTable events={history.data ?? []} loading={history.isLoading} rowTestId="history-row" />;
}
