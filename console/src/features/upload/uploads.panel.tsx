import {
  ActionIcon,
  Affix,
  Anchor,
  Box,
  Button,
  Collapse,
  Divider,
  FileButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconClearAll,
  IconCloudUpload,
  IconFolder,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { IconAction } from '../../components/icon-action';
import { useFormat } from '../../lib/format';
import { uploadErrorText } from './upload-error-text';
import type { TInterruptedUpload, TUpload, TUploadStatus } from './upload-manager';
import { allSucceeded } from './upload-destination';
import { percentOf } from './upload-progress';
import { useUploads } from './upload.provider';

/** How long a tray whose uploads all went through stays open, so the user sees that they did. */
const AUTO_COLLAPSE_MS = 4000;
const TRAY_OFFSET_PX = 16;

/**
 * Keeps `--uploads-tray-room` at the tray's height: the shell leaves that much room below the page's content, so the
 * tray, docked in the corner, never sits on top of the last rows or buttons of a page.
 */
function useTrayRoom(shown: boolean) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const root = document.documentElement;
    if (!shown || !element) {
      root.style.removeProperty('--uploads-tray-room');
      return;
    }
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--uploads-tray-room', `${element.offsetHeight + TRAY_OFFSET_PX}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--uploads-tray-room');
    };
  }, [shown, element]);
  return setElement;
}

const statusColour: Record<TUploadStatus, string> = {
  queued: 'gray',
  uploading: 'blue',
  paused: 'yellow',
  done: 'teal',
  error: 'red',
  cancelled: 'gray',
};

function UploadRow({ upload, linkItems }: { upload: TUpload; linkItems: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { pause, resume, cancel, dismiss } = useUploads();
  const percent = upload.status === 'done' ? 100 : percentOf(upload.bytesUploaded, upload.bytesTotal);
  const error = upload.error ? uploadErrorText(t, upload.error) : null;
  const retryable = upload.status === 'error' && upload.error?.kind === 'failed';
  const details = [
    t(`upload.status.${upload.status}`),
    t('upload.progress', { done: format.bytes(upload.bytesUploaded), total: format.bytes(upload.bytesTotal) }),
    `${Math.floor(percent)}%`,
  ];
  if (upload.status === 'uploading' && upload.speed > 0)
    details.push(t('upload.speed', { speed: format.bytes(upload.speed) }));
  if (upload.resumedFrom !== null && upload.resumedFrom > 0 && upload.status !== 'done')
    details.push(t('upload.resumedFrom', { percent: Math.floor(percentOf(upload.resumedFrom, upload.bytesTotal)) }));

  return (
    <Stack gap={2} data-testid="upload-row" data-status={upload.status} data-file-name={upload.fileName}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          {upload.status === 'done' && upload.itemId && linkItems ? (
            <Anchor component={Link} to={`/item-details/${upload.itemId}`} size="sm" truncate="end" display="block">
              {upload.fileName}
            </Anchor>
          ) : (
            <Text size="sm" truncate="end" title={upload.relativePath ?? upload.fileName}>
              {upload.fileName}
            </Text>
          )}
        </Box>
        <Group gap={0} wrap="nowrap">
          {(upload.status === 'uploading' || upload.status === 'queued') && (
            <IconAction label={t('upload.pause')} onClick={() => pause(upload.id)} data-testid="upload-pause">
              <IconPlayerPause size={16} />
            </IconAction>
          )}
          {upload.status === 'paused' && (
            <IconAction label={t('upload.resume')} onClick={() => resume(upload.id)} data-testid="upload-resume">
              <IconPlayerPlay size={16} />
            </IconAction>
          )}
          {retryable && (
            <IconAction label={t('upload.retry')} onClick={() => resume(upload.id)} data-testid="upload-retry">
              <IconRefresh size={16} />
            </IconAction>
          )}
          {(upload.status === 'uploading' || upload.status === 'queued' || upload.status === 'paused' || retryable) && (
            <IconAction
              label={t('upload.cancel')}
              color="red"
              onClick={() => cancel(upload.id)}
              data-testid="upload-cancel"
            >
              <IconX size={16} />
            </IconAction>
          )}
          {(upload.status === 'done' || upload.status === 'cancelled' || (upload.status === 'error' && !retryable)) && (
            <IconAction label={t('upload.dismiss')} onClick={() => dismiss(upload.id)} data-testid="upload-dismiss">
              <IconX size={16} />
            </IconAction>
          )}
        </Group>
      </Group>
      <Progress
        value={percent}
        size="sm"
        color={statusColour[upload.status]}
        animated={upload.status === 'uploading'}
        aria-label={upload.fileName}
        data-testid="upload-progress"
        data-percent={Math.floor(percent)}
      />
      <Text size="xs" c="dimmed" data-testid="upload-details">
        {details.join(' · ')}
      </Text>
      {upload.target.folderId && upload.target.folderName && (
        <Group gap={4} wrap="nowrap" data-testid="upload-destination">
          <IconFolder size={12} color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed" truncate="end">
            {linkItems ? (
              <Anchor component={Link} to={`/folders?folderId=${upload.target.folderId}`} inherit>
                {t('uploadAnywhere.wentTo', { folder: upload.target.folderName })}
              </Anchor>
            ) : (
              t('uploadAnywhere.wentTo', { folder: upload.target.folderName })
            )}
          </Text>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red" data-testid="upload-error">
          <Text span fw={600} inherit data-testid="upload-error-title">
            {error.title}
          </Text>
          {error.message && (
            <>
              {': '}
              <Text span inherit data-testid="upload-error-message">
                {error.message}
              </Text>
            </>
          )}
        </Text>
      )}
    </Stack>
  );
}

function InterruptedRow({ entry, onDiscard }: { entry: TInterruptedUpload; onDiscard: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { resumeInterrupted } = useUploads();
  const [wrongFile, setWrongFile] = useState(false);
  const started = new Date(entry.createdAt);
  const when = Number.isNaN(started.getTime()) ? null : format.dateTime(started.toISOString());
  return (
    <Stack gap={2} data-testid="interrupted-upload" data-file-name={entry.fileName}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text size="sm" truncate="end">
            {entry.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {[entry.size !== null ? format.bytes(entry.size) : null, when].filter(Boolean).join(' · ')}
          </Text>
        </Box>
        <Group gap={4} wrap="nowrap">
          <FileButton
            onChange={(file) => {
              if (file) setWrongFile(!resumeInterrupted(entry.key, file));
            }}
          >
            {(props) => (
              <Button size="compact-xs" variant="light" {...props} data-testid="interrupted-choose-file">
                {t('upload.chooseToResume')}
              </Button>
            )}
          </FileButton>
          <IconAction label={t('upload.forget')} color="red" onClick={onDiscard} data-testid="interrupted-forget">
            <IconTrash size={16} />
          </IconAction>
        </Group>
      </Group>
      {wrongFile && (
        <Text size="xs" c="red" data-testid="interrupted-wrong-file">
          {t('upload.notSameFile', { name: entry.fileName })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The user's uploads in a corner of every signed-in page: progress per file and in total, pause, resume, cancel,
 * errors, and the uploads an earlier page load left unfinished.
 */
export function UploadsPanel({ linkItems = true }: { linkItems?: boolean } = {}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { uploads, interrupted, totals, pauseAll, resumeAll, clearFinished, forgetInterrupted } = useUploads();
  const [expanded, setExpanded] = useState(true);
  const [confirmation, confirm] = useConfirm();
  // New files open the panel again.
  const count = useRef(uploads.length);
  useEffect(() => {
    if (uploads.length > count.current) setExpanded(true);
    count.current = uploads.length;
  }, [uploads.length]);
  // Once everything went through, the tray folds itself away; the summary line stays.
  const succeeded = allSucceeded(uploads, interrupted.length);
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setExpanded(false), AUTO_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, uploads.length]);
  const tray = useTrayRoom(uploads.length > 0 || interrupted.length > 0);

  if (uploads.length === 0 && interrupted.length === 0) return confirmation;
  const anyPaused = uploads.some((u) => u.status === 'paused');
  const anyRunning = uploads.some((u) => u.status === 'uploading' || u.status === 'queued');
  const anyFinished = uploads.some((u) => u.status === 'done' || u.status === 'error' || u.status === 'cancelled');
  const totalDetails = [
    t('upload.progress', { done: format.bytes(totals.bytesUploaded), total: format.bytes(totals.bytesTotal) }),
    `${Math.floor(totals.percent)}%`,
  ];
  if (totals.speed > 0) totalDetails.push(t('upload.speed', { speed: format.bytes(totals.speed) }));

  return (
    <>
      {confirmation}
      <Affix position={{ bottom: 16, right: 16 }} zIndex={250}>
        <Paper
          ref={tray}
          withBorder
          shadow="lg"
          w={420}
          maw="calc(100vw - 32px)"
          p="sm"
          data-testid="uploads-panel"
          data-expanded={expanded}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconCloudUpload size={18} />
              <Text fw={600} size="sm">
                {t('upload.title')}
              </Text>
              {uploads.length > 0 && (
                <Text size="xs" c="dimmed" data-testid="uploads-summary">
                  {t('upload.summary', { finished: totals.finished, count: totals.files })}
                </Text>
              )}
            </Group>
            <Group gap={0} wrap="nowrap">
              {anyRunning && (
                <IconAction label={t('upload.pauseAll')} onClick={pauseAll} data-testid="uploads-pause-all">
                  <IconPlayerPause size={16} />
                </IconAction>
              )}
              {anyPaused && (
                <IconAction label={t('upload.resumeAll')} onClick={resumeAll} data-testid="uploads-resume-all">
                  <IconPlayerPlay size={16} />
                </IconAction>
              )}
              {anyFinished && (
                <IconAction
                  label={t('upload.clearFinished')}
                  onClick={clearFinished}
                  data-testid="uploads-clear-finished"
                >
                  <IconClearAll size={16} />
                </IconAction>
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setExpanded((e) => !e)}
                aria-label={expanded ? t('upload.collapse') : t('upload.expand')}
                aria-expanded={expanded}
                data-testid="uploads-toggle"
              >
                {expanded ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
              </ActionIcon>
            </Group>
          </Group>
          {uploads.length > 0 && (
            <Stack gap={2} mt={6}>
              <Progress
                value={totals.percent}
                size="md"
                color={totals.active > 0 ? 'blue' : 'teal'}
                aria-label={t('upload.title')}
                data-testid="uploads-total-progress"
                data-percent={Math.floor(totals.percent)}
              />
              <Text size="xs" c="dimmed" data-testid="uploads-total-details">
                {totalDetails.join(' · ')}
              </Text>
            </Stack>
          )}
          <Collapse expanded={expanded}>
            <ScrollArea.Autosize mah={340} mt="xs" type="auto" offsetScrollbars>
              <Stack gap="sm">
                {uploads.map((upload) => (
                  <UploadRow linkItems={linkItems} key={upload.id} upload={upload} />
                ))}
                {interrupted.length > 0 && (
                  <Stack gap={6} data-testid="interrupted-uploads">
                    {uploads.length > 0 && <Divider />}
                    <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                      {t('upload.interrupted')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('upload.interruptedHint')}
                    </Text>
                    {interrupted.map((entry) => (
                      <InterruptedRow
                        key={entry.key}
                        entry={entry}
                        onDiscard={() =>
                          confirm({
                            title: t('upload.forget'),
                            message: t('upload.forgetConfirm', { name: entry.fileName }),
                            confirmLabel: t('upload.forget'),
                            onConfirm: () => forgetInterrupted(entry.key),
                          })
                        }
                      />
                    ))}
                  </Stack>
                )}
              </Stack>
            </ScrollArea.Autosize>
          </Collapse>
        </Paper>
      </Affix>
    </>
  );
}
