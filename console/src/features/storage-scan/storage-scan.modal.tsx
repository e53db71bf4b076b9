import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type TScan = RouterOutputs['storageScans']['list'][number];

const statusColour: Record<TScan['status'], string> = { running: 'blue', completed: 'teal', failed: 'red' };

/** A calendar day from the date input as an instant: the start of `from`, the end of `to`. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString();
}

/** Scan storage (catch-up ingest): start a scan of one location, optionally by modification date, and watch it. */
export function StorageScanModal({ storage, onClose }: { storage: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const start = trpc.storageScans.start.useMutation();
  const scans = trpc.storageScans.list.useQuery(
    { storageId: storage.id },
    // Progress is a counter in the scan's row: polled while a scan runs.
    { refetchInterval: (query) => (query.state.data?.some((scan) => scan.status === 'running') ? 1500 : false) },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await start.mutateAsync({ storageId: storage.id, from: dayBound(from, false), to: dayBound(to, true) });
      await utils.storageScans.list.invalidate({ storageId: storage.id });
    } catch (e) {
      notifyError(t, e);
    }
  }

  return (
    <Modal opened onClose={onClose} size="lg" title={`${t('storageScan.title')}: ${storage.name}`}>
      <Stack gap="md">
        <form onSubmit={(event) => void submit(event)}>
          <Group align="flex-end">
            <TextInput
              type="date"
              label={t('storageScan.from')}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              data-testid="storage-scan-from"
            />
            <TextInput
              type="date"
              label={t('storageScan.to')}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              data-testid="storage-scan-to"
            />
            <Button type="submit" loading={start.isPending} data-testid="storage-scan-start">
              {t('storageScan.start')}
            </Button>
          </Group>
        </form>
        <DataTable>
          <Table.Tbody>
            {(scans.data ?? []).map((scan) => (
              <Table.Tr key={scan.id} data-testid="storage-scan-row">
                <Table.Td>
                  <Text size="sm">{new Date(scan.createdAt).toLocaleString()}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColour[scan.status]} variant="light" data-testid="storage-scan-status">
                    {t(`storageScan.status.${scan.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="storage-scan-progress">
                    {t('storageScan.progress', {
                      seen: scan.filesSeen,
                      created: scan.itemsCreated,
                      skipped: scan.filesSkipped,
                    })}
                  </Text>
                  {scan.error && (
                    <Text size="xs" c="red">
                      {scan.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {(scans.isLoading || scans.data?.length === 0) && (
              <TableMessage colSpan={3} loading={scans.isLoading} text={t('storageScan.none')} />
            )}
          </Table.Tbody>
        </DataTable>
      </Stack>
    </Modal>
  );
}
