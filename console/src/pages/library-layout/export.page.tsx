import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { TExportFormat } from '@mam/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { LoadMore } from '../../components/load-more';
import { errorMessage } from '../../lib/app-error';
import { downloadText } from '../../lib/download';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { TFolder } from '../folders/folder-tree';
import { ItemTypeIcon } from '../folders/item-visuals';
import { LibraryLayout } from './library.layout';

const PAGE_SIZE = 100;

/**
 * /export: the folder tree, the chosen folder's items to pick from, and the metadata of one form written out as CSV
 * or JSON (the chosen items, or the whole folder when none are chosen), behind the export feature flag.
 */
export default function ExportPage() {
  return <LibraryLayout feature="export">{(folder) => <ExportPanel key={folder.id} folder={folder} />}</LibraryLayout>;
}

function ExportPanel({ folder }: { folder: TFolder }) {
  const { t } = useTranslation();
  const forms = trpc.metadataForms.list.useQuery();
  const items = trpc.items.list.useInfiniteQuery(
    { folderId: folder.id, limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const run = trpc.exports.metadata.useMutation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [format, setFormat] = useState<TExportFormat>('csv');
  const [formId, setFormId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const offered = useMemo(
    () => (forms.data ?? []).filter((f) => f.form.active && !f.form.isSubtype && f.form.views.item !== undefined),
    [forms.data],
  );
  const form = offered.find((f) => f.id === formId) ?? offered.find((f) => f.form.builtIn === 'common') ?? offered[0];
  const list = items.data?.pages.flatMap((page) => page.items) ?? [];
  const allChosen = list.length > 0 && list.every((item) => selected.has(item.id));

  function choose(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function exportNow() {
    if (!form) return;
    setFailure(null);
    try {
      const result = await run.mutateAsync(
        selected.size > 0
          ? { itemIds: [...selected], formId: form.id, format }
          : { folderId: folder.id, formId: form.id, format },
      );
      downloadText(result.content, result.fileName, result.mimeType);
      notifySuccess(t('library.export.done', { count: result.itemCount, fileName: result.fileName }));
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  }

  if (items.isLoading || forms.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (items.error) return <Alert color="red">{errorMessage(t, items.error)}</Alert>;
  return (
    <Stack>
      <Paper withBorder p="sm">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('library.export.form')}
            description={t('library.export.formHint')}
            data={offered.map((f) => ({ value: f.id, label: f.form.label }))}
            value={form?.id ?? null}
            onChange={setFormId}
            allowDeselect={false}
            w={240}
            data-testid="export-form"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('library.export.format')}
            </Text>
            <SegmentedControl
              value={format}
              onChange={(v) => setFormat(v as TExportFormat)}
              data={[
                { value: 'csv', label: 'CSV' },
                { value: 'json', label: 'JSON' },
              ]}
              data-testid="export-format"
            />
          </Stack>
          <Button
            leftSection={<IconFileExport size={16} />}
            onClick={() => void exportNow()}
            loading={run.isPending}
            disabled={!form || list.length === 0}
            data-testid="export-run"
          >
            {selected.size > 0
              ? t('library.export.selected', { count: selected.size })
              : t('library.export.folder', { count: list.length })}
          </Button>
        </Group>
      </Paper>
      {failure && (
        <Alert color="red" data-testid="export-error">
          {failure}
        </Alert>
      )}
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('library.browse.empty')}
        </Text>
      ) : (
        <DataTable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('items.selectAll')}
                  checked={allChosen}
                  indeterminate={selected.size > 0 && !allChosen}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(list.map((i) => i.id)) : new Set())}
                  data-testid="export-select-all"
                />
              </Table.Th>
              <Table.Th>{t('items.title')}</Table.Th>
              <Table.Th>{t('items.type')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((item) => (
              <Table.Tr key={item.id} data-testid="export-item" data-title={item.title}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('items.selectItem', { title: item.title })}
                    checked={selected.has(item.id)}
                    onChange={(e) => choose(item.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{item.title}</Table.Td>
                <Table.Td>
                  <ItemTypeIcon type={item.itemType} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      <LoadMore query={items} />
    </Stack>
  );
}
