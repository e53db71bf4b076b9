import { ActionIcon, Alert, Badge, Button, Center, Group, Kbd, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TJsonValue } from '@mam/core';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, MetadataFormFields } from '../../features/metadata';
import { frameClock } from '../../features/player/frame-math';
import type { TMarks } from '../../features/player/marks';
import { isTypingTarget } from '../../features/player/shortcuts';
import { appErrorOf, errorMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { timecodeLabel } from './comment-timecode';
import type { TItem } from './item-types';
import { formForChord, newEntryRange, TIMED_METADATA_COLOUR, valuesSummary } from './log-entry-rules';

type TLog = RouterOutputs['logEntries']['list'];
type TLoggingForm = TLog['forms'][number];

/** A new entry whose form needs values first, or an entry being edited. */
type TDraft =
  { kind: 'new'; formId: string; tcIn: number; tcOut: number | null } | { kind: 'edit'; id: string; formId: string };

/** The page's player; the tab logs at its playhead. */
function playerVideo(): HTMLVideoElement | null {
  return document.querySelector<HTMLVideoElement>('[data-testid="player-video"]');
}

/**
 * Timed metadata: the logging forms with their shortcuts; pressing one (outside text inputs) logs an entry at the
 * playhead, for the form's duration or the marked range. Entries are listed by timecode; clicking one seeks.
 */
export function LoggingTab({ item, marks, onSeek }: { item: TItem; marks: TMarks; onSeek: (ticks: number) => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const log = trpc.logEntries.list.useQuery({ itemId: item.id });
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [values, setValues] = useState<Record<string, TJsonValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clock = frameClock(item.media?.frameRate ?? '50/1', item.media?.timecodeStart);
  const refresh = () => utils.logEntries.list.invalidate({ itemId: item.id });

  const openDraft = (next: TDraft, start: Record<string, TJsonValue>, issues: Record<string, string> = {}) => {
    setDraft(next);
    setValues(start);
    setErrors(issues);
  };
  const create = trpc.logEntries.create.useMutation({ onSuccess: () => void refresh() });
  const update = trpc.logEntries.update.useMutation({ onSuccess: () => void refresh() });
  const remove = trpc.logEntries.delete.useMutation({
    onSuccess: () => void refresh(),
    onError: (error) => notifyError(t, error),
  });

  /** Logs at the playhead; a form that needs values first opens them with the timecode kept. */
  const logNow = (view: TLoggingForm) => {
    const range = newEntryRange(playerVideo()?.currentTime ?? 0, view.form.duration, marks);
    create.mutate(
      { itemId: item.id, formId: view.id, ...range, values: {} },
      {
        onError: (error) => {
          if (appErrorOf(error)?.code === 'VALIDATION_FAILED') {
            openDraft({ kind: 'new', formId: view.id, ...range }, {}, fieldErrorsOf(t, error));
          } else notifyError(t, error);
        },
      },
    );
  };
  const logNowRef = useRef(logNow);
  useEffect(() => {
    logNowRef.current = logNow;
  });
  const forms = log.data?.forms;
  const canEdit = log.data?.canEdit ?? false;
  useEffect(() => {
    if (!forms || !canEdit) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (isTypingTarget(event.target instanceof Element ? (event.target as HTMLElement) : null)) return;
      const view = formForChord(forms, event);
      if (!view) return;
      event.preventDefault();
      logNowRef.current(view);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [forms, canEdit]);

  const save = () => {
    if (!draft) return;
    const done = { onSuccess: () => setDraft(null), onError: (error: unknown) => setErrors(fieldErrorsOf(t, error)) };
    if (draft.kind === 'new') {
      const { formId, tcIn, tcOut } = draft;
      create.mutate({ itemId: item.id, formId, tcIn, tcOut, values }, done);
    } else update.mutate({ id: draft.id, values }, done);
  };

  if (log.isLoading)
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  if (log.error || !log.data) return <Alert color="red">{errorMessage(t, log.error)}</Alert>;
  const { entries } = log.data;
  const draftForm = draft ? log.data.forms.find((view) => view.id === draft.formId) : undefined;
  const label = (tcIn: number, tcOut: number | null) => timecodeLabel(tcIn, tcOut, clock) ?? '';

  // Edits open under their entry; a new entry that needs values opens above the list.
  const editor = draft && draftForm && (
    <Paper withBorder p="sm" data-testid="log-entry-editor">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={draftForm.form.color ?? TIMED_METADATA_COLOUR}>{draftForm.form.label}</Badge>
          {draft.kind === 'new' && (
            <Text ff="monospace" size="sm">
              {label(draft.tcIn, draft.tcOut)}
            </Text>
          )}
        </Group>
        <MetadataFormFields
          form={draftForm.form}
          view="item"
          values={values}
          onChange={(fieldId, value) => {
            setValues((current) => ({ ...current, [fieldId]: value }));
            setErrors(({ [fieldId]: _, ...rest }) => rest);
          }}
          access={draftForm.fieldAccess}
          errors={errors}
        />
        <Group gap="xs">
          <Button size="xs" onClick={save} loading={create.isPending || update.isPending} data-testid="log-entry-save">
            {t('common.save')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setDraft(null)}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md" data-testid="logging-tab">
      {log.data.forms.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('logging.noForms')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="logging-forms">
          {log.data.forms.map((view) => (
            <Button
              key={view.id}
              variant="light"
              size="xs"
              color={view.form.color ?? TIMED_METADATA_COLOUR}
              leftSection={<IconPlus size={14} />}
              rightSection={view.form.keyboardShortcut ? <Kbd size="xs">{view.form.keyboardShortcut}</Kbd> : null}
              disabled={!canEdit}
              onClick={() => logNow(view)}
              data-testid={`logging-form-${view.form.id}`}
            >
              {view.form.label}
            </Button>
          ))}
        </Group>
      )}
      {canEdit && log.data.forms.some((view) => view.form.keyboardShortcut) && (
        <Text size="xs" c="dimmed">
          {t('logging.shortcutHint')}
        </Text>
      )}
      {draft?.kind === 'new' && editor}
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="log-entries-empty">
          {t('logging.empty')}
        </Text>
      ) : (
        <Table highlightOnHover data-testid="log-entries">
          <Table.Tbody>
            {entries.map((entry) => (
              <Fragment key={entry.id}>
                <Table.Tr data-testid="log-entry">
                  <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      ff="monospace"
                      onClick={() => onSeek(entry.tcIn)}
                      data-testid="log-entry-timecode"
                      aria-label={t('logging.seek')}
                    >
                      {label(entry.tcIn, entry.tcOut)}
                    </Button>
                  </Table.Td>
                  <Table.Td w={1}>
                    <Badge color={entry.color ?? TIMED_METADATA_COLOUR} variant="light">
                      {entry.formLabel}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="log-entry-values">
                      {valuesSummary(entry.values)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={1}>
                    {canEdit && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('logging.edit')}
                          onClick={() =>
                            openDraft(
                              { kind: 'edit', id: entry.id, formId: entry.formId },
                              entry.values as Record<string, TJsonValue>,
                            )
                          }
                          data-testid="log-entry-edit"
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('logging.delete')}
                          onClick={() => remove.mutate({ id: entry.id })}
                          data-testid="log-entry-delete"
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
                {draft?.kind === 'edit' && draft.id === entry.id && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{editor}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
