import { Button, Center, FileButton, Overlay, Portal, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCan, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { collectDroppedFiles } from './dropped-files';
import { carriesFiles, uploadDestination, type TUploadDestination } from './upload-destination';
import { pageDropZoneActive } from './upload-drop-zone';
import { useUploads } from './upload.provider';

/** Whether the signed-in user may upload new items at all (spec: create and upload). */
export function useMayUpload(): boolean {
  const can = useCan();
  const session = useSession().data;
  return !!session && !session.mfaEnrolmentRequired && can('create') && can('upload');
}

/**
 * Where a file picked with the header's button or dropped on the page goes: the folder open on the folders page,
 * else the user's default upload folder (User settings → Settings), which the server resolves to the root folder
 * when none is chosen.
 */
export function useUploadDestination(enabled = true): TUploadDestination | null {
  const location = useLocation();
  const onFolders = location.pathname === '/folders';
  const tree = trpc.folders.tree.useQuery(undefined, { enabled: enabled && onFolders });
  const fallback = trpc.uploads.folder.useQuery(undefined, { enabled, staleTime: 60_000 });
  const folder = fallback.data?.folder;
  return uploadDestination(
    location,
    onFolders ? tree.data?.folders : undefined,
    folder ? { folderId: folder.id, folderName: folder.name } : null,
  );
}

/**
 * Queues files for the destination. Before the default folder is known (a file picked the moment a page opened) it
 * is asked for first, so the tray can say where the files went; should that fail, the server still picks it.
 */
export function useAddToDestination(destination: TUploadDestination | null) {
  const { add } = useUploads();
  const utils = trpc.useUtils();
  return (files: File[]) => {
    if (files.length === 0) return;
    if (destination) {
      add(files, { folderId: destination.folderId, folderName: destination.folderName });
      return;
    }
    utils.uploads.folder.fetch().then(
      ({ folder }) => add(files, { folderId: folder.id, folderName: folder.name }),
      () => add(files, {}),
    );
  };
}

/** The header's Upload button: a file picker whose files go where useUploadDestination says. */
export function HeaderUploadButton() {
  const { t } = useTranslation();
  const mayUpload = useMayUpload();
  const destination = useUploadDestination(mayUpload);
  const addFiles = useAddToDestination(destination);
  if (!mayUpload) return null;
  return (
    <FileButton multiple onChange={addFiles} inputProps={{ name: 'header-upload' }}>
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant="light"
          leftSection={<IconUpload size={16} />}
          title={destination ? t('uploadAnywhere.uploadTo', { folder: destination.folderName }) : undefined}
          data-testid="header-upload"
        >
          {t('uploadAnywhere.upload')}
        </Button>
      )}
    </FileButton>
  );
}

/**
 * A drop target over the whole window on every signed-in page. Only files dragged in from outside the page count
 * (dragged text, links and elements do not); pages with an upload area of their own (a folder's, with its upload
 * view values) and areas that took the drop themselves (a new version) keep theirs.
 */
export function WindowDropTarget() {
  const { t } = useTranslation();
  const mayUpload = useMayUpload();
  const destination = useUploadDestination(mayUpload);
  const addFiles = useAddToDestination(destination);
  const latest = useRef(addFiles);
  useEffect(() => {
    latest.current = addFiles;
  });
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!mayUpload) return;
    // dragenter and dragleave fire for every element crossed; the count says when the pointer left the window.
    let depth = 0;
    const ours = (event: DragEvent) => carriesFiles(event.dataTransfer?.types) && !pageDropZoneActive();
    const onEnter = (event: DragEvent) => {
      if (!ours(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!ours(event) || event.defaultPrevented) return;
      // Without this the browser opens the dropped file itself.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!ours(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!ours(event) || !event.dataTransfer || event.defaultPrevented) return;
      event.preventDefault();
      void collectDroppedFiles(event.dataTransfer, true).then((files) => latest.current(files));
    };
    const listeners: Array<[string, (event: DragEvent) => void]> = [
      ['dragenter', onEnter],
      ['dragover', onOver],
      ['dragleave', onLeave],
      ['drop', onDrop],
    ];
    for (const [name, listener] of listeners) window.addEventListener(name, listener as EventListener);
    return () => {
      for (const [name, listener] of listeners) window.removeEventListener(name, listener as EventListener);
    };
  }, [mayUpload]);

  if (!dragging) return null;
  return (
    <Portal>
      <Overlay
        fixed
        zIndex={400}
        backgroundOpacity={0.55}
        blur={1}
        // The drop reaches what lies under the pointer (an item's new-version area takes its own) and then the window.
        style={{ pointerEvents: 'none' }}
        data-testid="window-drop-overlay"
      >
        <Center h="100%">
          <Stack align="center" gap="xs">
            <IconCloudUpload size={56} color="white" />
            <Text c="white" fw={600} size="lg">
              {destination ? t('uploadAnywhere.dropTo', { folder: destination.folderName }) : t('upload.dropHere')}
            </Text>
          </Stack>
        </Center>
      </Overlay>
    </Portal>
  );
}
