import { Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TAuditSummary } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { DataTable, TableMessage } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { auditSummaryText } from './audit-summary';
import { ChangeLines, type TChange } from './change-lines';
import { useVocabulary } from '../../lib/vocabulary';

export interface AuditEventRow {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  /** The event's "What" as names and counts; the English `summary` the server also sends is never shown. */
  what?: TAuditSummary;
  /** Before and after values, field by field. */
  changes?: Record<string, TChange>;
  labels?: Record<string, string>;
  ip?: string | null;
}

/** Audit events newest first: the item's History tab and the tenant's System Activity show the same columns. */
export function AuditEventsTable({
  events,
  loading,
  showAddress = false,
  rowTestId,
}: {
  events: AuditEventRow[];
  loading: boolean;
  showAddress?: boolean;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useVocabulary();
  return (
    <DataTable>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={190}>{t('activity.when')}</Table.Th>
          <Table.Th>{t('activity.who')}</Table.Th>
          <Table.Th>{t('activity.action')}</Table.Th>
          <Table.Th>{t('activity.what')}</Table.Th>
          {showAddress && <Table.Th>{t('activity.address')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.id} data-testid={rowTestId}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.at)}</Table.Td>
            <Table.Td>{e.actorEmail ?? t('activity.system')}</Table.Td>
            <Table.Td>
              <ActionName word={words.auditAction(e.action)} />
            </Table.Td>
            <Table.Td data-testid="audit-what">
              {auditSummaryText(t, e.what)}
              {e.changes && <ChangeLines changes={e.changes} labels={e.labels} />}
            </Table.Td>
            {showAddress && (
              <Table.Td>
                <Text size="inherit" ff="monospace">
                  {e.ip ?? '—'}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {(loading || events.length === 0) && (
          <TableMessage colSpan={showAddress ? 5 : 4} loading={loading} text={t('activity.none')} />
        )}
      </Table.Tbody>
    </DataTable>
  );
}

/** The action's name in the reader's language; its explanation and stable id (as the API gives it) on hover. */
function ActionName({ word }: { word: { name: string; hint: string; id: string } }) {
  return (
    <Tooltip
      multiline
      maw={320}
      label={
        <Stack gap={2}>
          {word.hint && <Text size="xs">{word.hint}</Text>}
          <Text size="xs" ff="monospace" c="dimmed">
            {word.id}
          </Text>
        </Stack>
      }
    >
      <Text size="sm" data-action={word.id}>
        {word.name}
      </Text>
    </Tooltip>
  );
}
