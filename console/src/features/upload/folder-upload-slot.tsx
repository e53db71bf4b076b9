import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/session';
import { UploadDropZone } from './upload-drop-zone';

/**
 * The folders page's upload area: files dropped anywhere on the page or picked here become items of the folder the
 * user is looking at. Hidden from users who may not upload (the server refuses them anyway).
 */
export function FolderUploadSlot({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('create') || !can('upload')) return null;
  return (
    <UploadDropZone folderId={folderId} fullPage>
      {t('upload.dropHintPage')}
    </UploadDropZone>
  );
}
