import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { useFormat } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { HighresDeletionWhenFields, useHighresDeletionWhen } from './highres-deletion-when';

/** The item's high-res deletion schedule, and scheduling or unscheduling it for those allowed to delete. */
export function HighresDeletionPanel({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const can = useCan();
  const whenState = useHighresDeletionWhen('date');
  const { when } = whenState;
  const schedule = trpc.highresDeletion.get.useQuery({ itemId }, { refetchInterval: 10_000 });
  const changed = (message: string) => () => {
    notifySuccess(message);
    void schedule.refetch();
  };
  const scheduleMutation = trpc.highresDeletion.schedule.useMutation({
    onSuccess: changed(t('highresDeletion.scheduled')),
    onError: (error) => notifyError(t, error),
  });
  const unscheduleMutation = trpc.highresDeletion.unschedule.useMutation({
    onSuccess: changed(t('highresDeletion.unscheduled')),
    onError: (error) => notifyError(t, error),
  });
  if (schedule.error) return <Text c="red">{errorMessage(t, schedule.error)}</Text>;
  const current = schedule.data ?? null;
  const state = current?.state ?? null;
  const status = !current
    ? t('highresDeletion.none')
    : state === 'scheduled'
      ? t('highresDeletion.scheduledFor', { date: format.dateTime(current.at) })
      : state === 'deleted'
        ? t('highresDeletion.deleted', { date: format.dateTime(current.updatedAt) })
        : state === 'deleting'
          ? t('highresDeletion.deleting')
          : t('highresDeletion.cancelled');
  const mayChange = can('delete') && state !== 'deleted' && state !== 'deleting';
  return (
    <Stack gap="xs" data-testid="highres-deletion">
      <Text size="sm" data-testid="highres-deletion-status">
        {status}
      </Text>
      {mayChange && (
        <>
          <HighresDeletionWhenFields state={whenState} testIdPrefix="highres-deletion" />
          <Group gap="xs">
            <Button
              size="compact-xs"
              disabled={!when}
              loading={scheduleMutation.isPending}
              onClick={() => when && scheduleMutation.mutate({ itemId, when })}
            >
              {t('highresDeletion.schedule')}
            </Button>
            {state === 'scheduled' && (
              <Button
                size="compact-xs"
                variant="default"
                loading={unscheduleMutation.isPending}
                onClick={() => unscheduleMutation.mutate({ itemId })}
              >
                {t('highresDeletion.unschedule')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
