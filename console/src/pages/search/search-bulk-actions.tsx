import { Button } from '@mantine/core';
import { IconForms, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkArchiveButton } from '../../features/archive';
import { BulkHighresDeletionButton } from '../../features/highres-deletion/bulk-highres-deletion.modal';
import { BulkMetadataModal } from '../../features/metadata';
import { ShareDialog } from '../../features/shares/share-dialog';
import { useCan } from '../../lib/session';
import { useSearchSelection } from './search-selection.context';

/**
 * Actions on the ticked hits: bulk metadata edit (bulkMetadataUpdate), share (shareMedia), archive, unarchive and
 * restore from cold storage (archive, unarchive) and high-res deletion scheduling (delete).
 */
export function SearchBulkActions() {
  const { t } = useTranslation();
  const can = useCan();
  const selection = useSearchSelection();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  if (selection.ids.length === 0) return null;
  return (
    <>
      {can('shareMedia') && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconShare size={14} />}
          onClick={() => setSharing(true)}
          data-testid="share-selected"
        >
          {t('shares.share')}
        </Button>
      )}
      {sharing && (
        <ShareDialog
          itemIds={selection.ids}
          defaultTitle={
            selection.items.length === 1
              ? selection.items[0]!.title
              : t('shares.defaultTitle', { count: selection.items.length })
          }
          opened
          onClose={() => setSharing(false)}
        />
      )}
      {can('bulkMetadataUpdate') && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconForms size={14} />}
          onClick={() => setEditing(true)}
          data-testid="edit-metadata-selected"
        >
          {t('metadata.bulk.action')}
        </Button>
      )}
      <BulkArchiveButton
        items={selection.items.map((hit) => ({ id: hit.id, title: hit.title }))}
        onDone={selection.refresh}
      />
      <BulkHighresDeletionButton
        items={selection.items.map((hit) => ({ id: hit.id, title: hit.title }))}
        onDone={selection.refresh}
      />
      {editing && (
        <BulkMetadataModal
          items={selection.items.map((hit) => ({ id: hit.id, title: hit.title }))}
          onClose={() => setEditing(false)}
          onDone={selection.refresh}
        />
      )}
    </>
  );
}
