import { Button, Center, FileButton, Group, Overlay, Paper, Portal, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFiles, IconFolderUp } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { collectDroppedFiles } from './dropped-files';
import type { TUploadTarget } from './upload-manager';
import { useUploads } from './upload.provider';

export interface UploadDropZoneProps extends TUploadTarget {
  /** Files dropped anywhere on the page upload too (default); otherwise only drops on the zone itself. */
  fullPage?: boolean;
  /** Offer a folder picker and take the files inside dropped folders (default true). */
  allowFolders?: boolean;
  disabled?: boolean;
  /** Called with the ids of the uploads the files started. */
  onAdded?(uploadIds: string[]): void;
  /** Replaces the default hint text. */
  children?: ReactNode;
}

// Not an object literal, so the data attribute passes the input props type; `name` ties it to that type.
const fileInputProps = { name: 'files', 'data-testid': 'upload-file-input' };

/** Full-page drop zones mounted now: while one is, it takes the page's drops instead of the window's target. */
let pageZones = 0;
export const pageDropZoneActive = () => pageZones > 0;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Where files enter an upload: a drop area with pickers for files and folders. With `fullPage`, dragging files over
 * any part of the page shows a drop overlay. Uploads go to `folderId` as new items, or to `itemId` as a new version.
 */
export function UploadDropZone({
  folderId,
  folderName,
  itemId,
  metadata,
  fullPage = true,
  allowFolders = true,
  disabled = false,
  onAdded,
  children,
}: UploadDropZoneProps) {
  const { t } = useTranslation();
  const { add } = useUploads();
  const zone = useRef<HTMLDivElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const addFiles = useRef<(files: File[]) => void>(() => undefined);
  useEffect(() => {
    addFiles.current = (files: File[]) => {
      if (files.length === 0) return;
      // Not inside `onAdded?.(…)`: an optional call skips evaluating its arguments when there is no listener.
      const ids = add(files, { folderId, folderName, itemId, metadata });
      onAdded?.(ids);
    };
  });

  // React has no prop for the folder picker attribute.
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, [allowFolders]);

  useEffect(() => {
    const target: HTMLElement | Window | null = fullPage ? window : zone.current;
    if (!target || disabled) return;
    if (fullPage) pageZones += 1;
    // dragenter and dragleave fire for every child element crossed; the count says when the pointer left for good.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      // Without this the browser opens the dropped file instead of handing it to us.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      void collectDroppedFiles(event.dataTransfer, allowFolders).then((files) => addFiles.current(files));
    };
    const listeners: Array<[string, (event: DragEvent) => void]> = [
      ['dragenter', onEnter],
      ['dragover', onOver],
      ['dragleave', onLeave],
      ['drop', onDrop],
    ];
    for (const [name, listener] of listeners) target.addEventListener(name, listener as EventListener);
    return () => {
      if (fullPage) pageZones -= 1;
      for (const [name, listener] of listeners) target.removeEventListener(name, listener as EventListener);
    };
  }, [fullPage, disabled, allowFolders]);

  const overlay = (
    <Overlay fixed={fullPage} zIndex={400} backgroundOpacity={0.55} blur={1} data-testid="upload-drop-overlay">
      <Center h="100%">
        <Stack align="center" gap="xs">
          <IconCloudUpload size={fullPage ? 56 : 28} color="white" />
          <Text c="white" fw={600} size={fullPage ? 'lg' : 'sm'}>
            {t('upload.dropHere')}
          </Text>
        </Stack>
      </Center>
    </Overlay>
  );

  return (
    <>
      <Paper
        ref={zone}
        withBorder
        p="md"
        pos="relative"
        data-testid="upload-drop-zone"
        data-dragging={dragging || undefined}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-blue-5)' : undefined,
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconCloudUpload size={28} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {children ?? (fullPage ? t('upload.dropHintPage') : t('upload.dropHint'))}
            </Text>
          </Group>
          <Group gap="xs">
            <FileButton
              multiple
              disabled={disabled}
              onChange={(files) => addFiles.current(files)}
              inputProps={fileInputProps}
            >
              {(props) => (
                <Button
                  size="xs"
                  leftSection={<IconFiles size={16} />}
                  disabled={disabled}
                  {...props}
                  data-testid="upload-choose-files"
                >
                  {t('upload.chooseFiles')}
                </Button>
              )}
            </FileButton>
            {allowFolders && (
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFolderUp size={16} />}
                  disabled={disabled}
                  onClick={() => folderInput.current?.click()}
                  data-testid="upload-choose-folder"
                >
                  {t('upload.chooseFolder')}
                </Button>
                <input
                  ref={folderInput}
                  type="file"
                  multiple
                  hidden
                  data-testid="upload-folder-input"
                  onChange={(event) => {
                    const files = Array.from(event.currentTarget.files ?? []).filter(
                      (file) => !file.name.startsWith('.'),
                    );
                    event.currentTarget.value = '';
                    addFiles.current(files);
                  }}
                />
              </>
            )}
          </Group>
        </Group>
        {dragging && !fullPage && overlay}
      </Paper>
      {dragging && fullPage && <Portal>{overlay}</Portal>}
    </>
  );
}
