import { Button } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkMetadataModal } from '../../features/metadata';
import { useCan } from '../../lib/session';
import { useSearchSelection } from './search-selection.context';

/** Bulk metadata edit of the ticked hits (permission bulkMetadataUpdate). */
export function SearchBulkActions() {
  const { t } = useTranslation();
  const can = useCan();
  const selection = useSearchSelection();
  const [editing, setEditing] = useState(false);
  if (selection.ids.length === 0 || !can('bulkMetadataUpdate')) return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconForms size={14} />}
        onClick={() => setEditing(true)}
        data-testid="edit-metadata-selected"
      >
        {t('metadata.bulk.action')}
      </Button>
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
