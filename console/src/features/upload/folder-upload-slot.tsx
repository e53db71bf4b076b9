import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/session';
import { UploadDropZone } from './upload-drop-zone';
import type { TUploadTarget } from './upload-manager';
import { UploadMetadataPanel } from './upload-metadata.panel';

/**
 * The folders page's upload area: files dropped anywhere on the page or picked here become items of the folder the
 * user is looking at. Hidden from users who may not upload (the server refuses them anyway).
 */
export function FolderUploadSlot({ folderId, folderName }: { folderId: string; folderName?: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const [metadata, setMetadata] = useState<TUploadTarget['metadata']>(null);
  if (!can('create') || !can('upload')) return null;
  return (
    <Stack gap="xs">
      <UploadDropZone folderId={folderId} folderName={folderName} metadata={metadata} fullPage>
        {t('upload.dropHintPage')}
      </UploadDropZone>
      <UploadMetadataPanel onChange={setMetadata} />
    </Stack>
  );
}
