import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { TJsonValue } from '@mam/core';
import { IconCheck, IconFileDownload, IconFileUpload, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage, errorMessage } from '../../lib/app-error';
import { downloadText, safeFileName } from '../../lib/download';
import { trpc } from '../../lib/trpc';
import { MetadataFieldInput } from './metadata-field-input';
import { localForms, useVocabulary } from '../../lib/vocabulary';

/** Items per request: small enough that the progress bar moves, large enough to stay quick. */
const BATCH = 25;

type TOp = 'set' | 'add' | 'clear';
interface TChangeRow {
  key: number;
  fieldId: string | null;
  op: TOp;
  value: TJsonValue;
}
interface TResultRow {
  itemId: string;
  /** For CSV imports: the line of the file. */
  line?: number;
  ok: boolean;
  code?: string;
  message?: string;
}

/**
 * Set, add to or clear fields of one form across the selected items in one action. Items go to the server in
 * batches so progress shows; every item ends with its own result, failures with the reason.
 */
export function BulkMetadataModal({
  items,
  onClose,
  onDone,
}: {
  items: Array<{ id: string; title: string }>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const forms = trpc.metadataForms.list.useQuery();
  const bulk = trpc.items.bulkUpdateMetadata.useMutation();
  const exportCsv = trpc.items.exportMetadataCsv.useMutation();
  const importCsv = trpc.items.importMetadataCsv.useMutation();
  const words = useVocabulary();
  const offered = useMemo(
    () =>
      localForms(
        words,
        (forms.data ?? []).filter((f) => f.form.active && !f.form.isSubtype && f.form.views.item !== undefined),
      ),
    [forms.data, words],
  );
  const [formId, setFormId] = useState<string | null>(null);
  const form = offered.find((f) => f.id === formId) ?? offered.find((f) => f.form.builtIn === 'common') ?? offered[0];
  const [rows, setRows] = useState<TChangeRow[]>([{ key: 1, fieldId: null, op: 'set', value: null }]);
  const [results, setResults] = useState<TResultRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const fields = (form?.form.fields ?? []).filter((f) => f.type !== 'Button' && f.type !== 'File' && !f.readOnly);
  const titles = new Map(items.map((item) => [item.id, item.title]));
  const ready = !!form && rows.length > 0 && rows.every((row) => row.fieldId);

  async function apply() {
    if (!form) return;
    setRunning(true);
    setFailure(null);
    const done: TResultRow[] = [];
    setResults(done);
    const changes = rows.map((row) =>
      row.op === 'clear'
        ? { fieldId: row.fieldId!, op: 'clear' as const }
        : { fieldId: row.fieldId!, op: row.op, value: row.value },
    );
    try {
      for (let start = 0; start < items.length; start += BATCH) {
        const batch = items.slice(start, start + BATCH).map((item) => item.id);
        const { results: batchResults } = await bulk.mutateAsync({ itemIds: batch, formId: form.id, changes });
        done.push(...batchResults);
        setResults([...done]);
      }
      onDone();
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setRunning(false);
    }
  }

  async function downloadCsv() {
    if (!form) return;
    try {
      const { csv } = await exportCsv.mutateAsync({ itemIds: items.map((item) => item.id), formId: form.id });
      downloadText(csv, safeFileName(form.form.label, 'csv'), 'text/csv');
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  }

  async function uploadCsv(file: File | null) {
    if (!file || !form) return;
    setRunning(true);
    setFailure(null);
    try {
      const { results: lines } = await importCsv.mutateAsync({ formId: form.id, csv: await file.text() });
      setResults(lines);
      onDone();
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setRunning(false);
    }
  }

  const failed = results?.filter((r) => !r.ok) ?? [];
  return (
    <Modal
      opened
      onClose={running ? () => undefined : onClose}
      size="xl"
      title={t('metadata.bulk.title', { count: items.length })}
    >
      <Stack gap="md">
        {offered.length > 1 && (
          <SegmentedControl
            value={form?.id}
            onChange={setFormId}
            data={offered.map((f) => ({ value: f.id, label: f.form.label }))}
            disabled={running || results !== null}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        {results === null && (
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFileDownload size={14} />}
              onClick={() => void downloadCsv()}
              loading={exportCsv.isPending}
              data-testid="bulk-export-csv"
            >
              {t('metadata.csv.export')}
            </Button>
            <FileButton accept=".csv,text/csv" onChange={(file) => void uploadCsv(file)}>
              {(props) => (
                <Button
                  {...props}
                  variant="subtle"
                  size="xs"
                  leftSection={<IconFileUpload size={14} />}
                  loading={importCsv.isPending}
                  data-testid="bulk-import-csv"
                >
                  {t('metadata.csv.import')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        {results === null &&
          rows.map((row) => {
            const field = fields.find((f) => f.fieldId === row.fieldId);
            const update = (patch: Partial<TChangeRow>) =>
              setRows((all) => all.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));
            return (
              <Group key={row.key} align="flex-end" wrap="nowrap" data-testid="bulk-change">
                <Select
                  label={t('metadata.bulk.field')}
                  data={fields.map((f) => ({ value: f.fieldId, label: f.label }))}
                  value={row.fieldId}
                  onChange={(fieldId) => update({ fieldId, value: null, op: 'set' })}
                  w={200}
                  searchable
                  data-testid="bulk-field"
                />
                <SegmentedControl
                  value={row.op}
                  onChange={(op) => update({ op: op as TOp })}
                  data={[
                    { value: 'set', label: t('metadata.bulk.set') },
                    ...(field?.type === 'MultipleChoice' ? [{ value: 'add', label: t('metadata.bulk.add') }] : []),
                    { value: 'clear', label: t('metadata.bulk.clear') },
                  ]}
                  data-testid="bulk-op"
                />
                <div style={{ flex: 1 }}>
                  {field && row.op !== 'clear' && (
                    <MetadataFieldInput
                      field={{ ...field, required: false }}
                      label={t('metadata.bulk.value')}
                      value={row.value}
                      onChange={(value) => update({ value })}
                      readOnly={false}
                    />
                  )}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('common.delete')}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  disabled={rows.length === 1}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        {results === null && (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows((all) => [...all, { key: Date.now(), fieldId: null, op: 'set', value: null }])}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('metadata.bulk.addChange')}
          </Button>
        )}
        {results !== null && (
          <>
            <Progress
              value={(results.length / Math.max(results.length, items.length)) * 100}
              animated={running}
              data-testid="bulk-progress"
            />
            <Text size="sm" data-testid="bulk-summary">
              {t('metadata.bulk.summary', {
                done: results.length,
                total: Math.max(results.length, items.length),
                ok: results.length - failed.length,
                failed: failed.length,
              })}
            </Text>
            {failed.length > 0 && (
              <ScrollArea.Autosize mah={240}>
                <Table data-testid="bulk-failures">
                  <Table.Tbody>
                    {failed.map((r) => (
                      <Table.Tr key={r.itemId}>
                        <Table.Td>
                          <IconX size={14} color="var(--mantine-color-red-6)" />
                        </Table.Td>
                        <Table.Td>{'line' in r ? t('metadata.bulk.line', { line: r.line }) : ''}</Table.Td>
                        <Table.Td>{titles.get(r.itemId) ?? r.itemId}</Table.Td>
                        <Table.Td>{errorCodeMessage(t, r.code)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {!running && failed.length === 0 && !failure && (
              <Group gap="xs" c="teal">
                <IconCheck size={16} />
                <Text size="sm">{t('metadata.bulk.allDone')}</Text>
              </Group>
            )}
          </>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          {results === null ? (
            <>
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void apply()} disabled={!ready} data-testid="bulk-apply">
                {t('metadata.bulk.apply', { count: items.length })}
              </Button>
            </>
          ) : (
            <Button onClick={onClose} disabled={running} data-testid="bulk-close">
              {t('common.done')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
