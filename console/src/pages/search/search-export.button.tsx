import { Button, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../lib/download';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import type { TSearchRequest } from './search-url.state';

/**
 * Writes the whole current result (every page, not only those loaded) out as the /export layout does a folder: the
 * Common form's values as CSV. Only while the export feature flag is on for the tenant.
 */
export function SearchExportButton({
  search,
  total,
}: {
  search: Omit<TSearchRequest, 'limit' | 'cursor'>;
  total: number;
}) {
  const { t } = useTranslation();
  const session = useSession().data;
  const forms = trpc.metadataForms.list.useQuery(undefined, { staleTime: 60_000 });
  const run = trpc.exports.metadata.useMutation();
  const common = forms.data?.find((f) => f.form.builtIn === 'common');
  if (!session?.featureFlags.includes('export')) return null;

  async function exportNow() {
    if (!common) return;
    try {
      const { facetFields: _facets, counts: _counts, ...query } = search;
      const result = await run.mutateAsync({ search: query, formId: common.id, format: 'csv' });
      downloadText(result.content, result.fileName, result.mimeType);
      notifySuccess(t('library.export.done', { count: result.itemCount, fileName: result.fileName }));
    } catch (error) {
      notifyError(t, error);
    }
  }

  return (
    <Tooltip label={t('searchExport.hint')} multiline maw={280}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileExport size={14} />}
        onClick={() => void exportNow()}
        loading={run.isPending}
        disabled={!common || total === 0}
        data-testid="search-export"
      >
        {t('searchExport.button')}
      </Button>
    </Tooltip>
  );
}
