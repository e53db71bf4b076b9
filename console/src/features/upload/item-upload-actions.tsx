import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { UPLOAD_ENDPOINT } from './upload-manager';
import { isSameFile } from './upload-file';
import { useUploads } from './upload.provider';

export interface TItemUploadActionsProps {
  item: {
    id: string;
    createdBy: string | null;
    itemType: string;
    upload: { state: string; totalBytes: number | null } | null;
    version: { id: string; fileName: string } | null;
  };
  /** After a cancel: the item is gone. */
  onCancelled(): void;
}

/**
 * On the page of an item whose upload never finished, for the user who started it (or an administrator): continue
 * it with the same file, from any browser, or cancel it (the item and what arrived of it go).
 */
export function ItemUploadActions({ item, onCancelled }: TItemUploadActionsProps) {
  const { t } = useTranslation();
  const session = useSession().data!;
  const { uploads, interrupted, add, forgetInterrupted } = useUploads();
  const [confirmation, confirm] = useConfirm();
  const [wrongFile, setWrongFile] = useState(false);
  const cancel = trpc.uploads.cancel.useMutation({ onError: (error) => notifyError(t, error) });
  const { upload, version } = item;
  const mine = item.createdBy === session.user.id || session.isAdmin || session.user.isSuperAdmin;
  // A recording's or a render's original is written by the server, not sent from a browser.
  const written = item.itemType === 'live' || item.itemType === 'placeholder';
  if (!upload || upload.state === 'COMPLETE' || upload.state === 'ERROR' || !version || !mine || written) return null;
  const sending = uploads.find(
    (u) => u.itemId === item.id && (u.status === 'uploading' || u.status === 'queued' || u.status === 'paused'),
  );

  function resumeWith(file: File | null) {
    if (!file || !version) return;
    const same = isSameFile(file, { fileName: version.fileName, size: upload?.totalBytes ?? null });
    setWrongFile(!same);
    if (same) add([file], { resume: { uploadUrl: `${UPLOAD_ENDPOINT}/${version.id}`, itemId: item.id } });
  }

  return (
    <Alert color="blue" variant="light" data-testid="item-upload-actions">
      {confirmation}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{sending ? t('uploadAnywhere.sendingHere') : t('uploadAnywhere.unfinished')}</Text>
        {!sending && (
          <Group gap="xs">
            <FileButton onChange={resumeWith}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} />}
                  data-testid="item-upload-resume"
                >
                  {t('uploadAnywhere.resume')}
                </Button>
              )}
            </FileButton>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconX size={14} />}
              loading={cancel.isPending}
              data-testid="item-upload-cancel"
              onClick={() =>
                confirm({
                  title: t('uploadAnywhere.cancelTitle'),
                  message: t('uploadAnywhere.cancelMessage', { name: version.fileName }),
                  confirmLabel: t('uploadAnywhere.cancel'),
                  onConfirm: async () => {
                    try {
                      await cancel.mutateAsync({ itemId: item.id });
                    } catch {
                      return; // Reported by the mutation.
                    }
                    // This browser's record of it would otherwise still offer a resume.
                    const local = interrupted.filter((entry) => entry.itemId === item.id);
                    for (const entry of local) await forgetInterrupted(entry.key);
                    onCancelled();
                  },
                })
              }
            >
              {t('uploadAnywhere.cancel')}
            </Button>
          </Group>
        )}
      </Group>
      {wrongFile && (
        <Text size="xs" c="red" mt={4} data-testid="item-upload-wrong-file">
          {t('upload.notSameFile', { name: version.fileName })}
        </Text>
      )}
    </Alert>
  );
}
