import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NavLink,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/app-error';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { visibleRows, type TFolder } from './folder-tree';

/** Name a new folder or rename one. The dialog stays open with the server's message when the change is refused. */
export function FolderNameModal({
  title,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} size="sm" centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          {error !== null && <Alert color="red">{errorMessage(t, error)}</Alert>}
          <TextInput
            label={t('folders.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
            data-autofocus
            data-testid="folder-name"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()} data-testid="folder-name-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Picks a target folder from the whole tree (everything expanded). Folders in `exclude` (a folder's own subtree) and
 * folders the user may not add to are shown but cannot be chosen.
 */
export function FolderPickerModal({
  title,
  folders,
  rootId,
  exclude,
  confirmLabel,
  onPick,
  onClose,
}: {
  title: string;
  folders: readonly TFolder[];
  rootId: string;
  exclude?: ReadonlySet<string>;
  confirmLabel: string;
  onPick: (folderId: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const rows = visibleRows(folders, rootId, new Set(folders.map((f) => f.id)));

  async function confirm() {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      await onPick(picked);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} size="md" centered>
      <Stack gap="sm">
        {error !== null && <Alert color="red">{errorMessage(t, error)}</Alert>}
        <Text size="sm" c="dimmed">
          {t('folders.pickTarget')}
        </Text>
        <ScrollArea.Autosize mah={360} type="auto">
          {rows.map(({ folder, depth }) => {
            const disabled = !!exclude?.has(folder.id) || !folder.canAddTo;
            return (
              <NavLink
                key={folder.id}
                label={folder.name}
                leftSection={<IconFolder size={16} />}
                active={picked === folder.id}
                disabled={disabled}
                onClick={() => setPicked(folder.id)}
                style={{ paddingLeft: 8 + depth * 16 }}
                py={4}
                data-testid={`pick-folder-${folder.name}`}
              />
            );
          })}
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={!picked} data-testid="pick-folder-confirm">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type TLevel = 'tenant' | 'owner' | 'selected_groups';
interface TAccessDraft {
  level: TLevel;
  groups: string[];
}

function draftOf(access: TFolder['visibleTo']): TAccessDraft {
  return { level: access?.level ?? 'tenant', groups: access?.level === 'selected_groups' ? access.groups : [] };
}

/** Everyone means no restriction, which the server stores as null. */
function accessOf(draft: TAccessDraft) {
  if (draft.level === 'tenant') return null;
  return { level: draft.level, groups: draft.level === 'selected_groups' ? draft.groups : [] };
}

function AccessField({
  label,
  draft,
  onChange,
  groups,
  testId,
}: {
  label: string;
  draft: TAccessDraft;
  onChange: (draft: TAccessDraft) => void;
  groups: Array<{ value: string; label: string }> | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Radio.Group
        label={label}
        value={draft.level}
        onChange={(level) => onChange({ ...draft, level: level as TLevel })}
        data-testid={testId}
      >
        <Group gap="md" mt={4}>
          <Radio value="tenant" label={t('folders.access.levels.tenant')} data-testid={`${testId}-tenant`} />
          <Radio value="owner" label={t('folders.access.levels.owner')} data-testid={`${testId}-owner`} />
          <Radio
            value="selected_groups"
            label={t('folders.access.levels.selected_groups')}
            data-testid={`${testId}-groups`}
          />
        </Group>
      </Radio.Group>
      {draft.level === 'selected_groups' &&
        (groups ? (
          <MultiSelect
            data={groups}
            value={draft.groups}
            onChange={(ids) => onChange({ ...draft, groups: ids })}
            placeholder={t('folders.access.pickGroups')}
            aria-label={t('folders.access.pickGroups')}
            searchable
            data-testid={`${testId}-group-list`}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('folders.access.noGroupList')}
          </Text>
        ))}
    </Stack>
  );
}

/** Who sees the folder and who changes it (spec section 5 "Access settings"); the server has the last word. */
export function FolderAccessModal({
  folder,
  onSaved,
  onClose,
}: {
  folder: TFolder;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const mayListGroups = can('getGroups') || can('userManagement');
  const groupList = trpc.groups.list.useQuery(undefined, { enabled: mayListGroups });
  const [visibleTo, setVisibleTo] = useState(() => draftOf(folder.visibleTo));
  const [updatableBy, setUpdatableBy] = useState(() => draftOf(folder.updatableBy));
  const save = trpc.folders.setAccess.useMutation({
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const groups = mayListGroups ? (groupList.data ?? []).map((g) => ({ value: g.id, label: g.name })) : null;

  return (
    <Modal opened onClose={onClose} title={t('folders.access.title', { name: folder.name })} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('folders.access.intro')}
        </Text>
        {save.error && (
          <Alert color="red" data-testid="folder-access-error">
            {errorMessage(t, save.error)}
          </Alert>
        )}
        <AccessField
          label={t('folders.access.visibleTo')}
          draft={visibleTo}
          onChange={setVisibleTo}
          groups={groups}
          testId="access-visible"
        />
        <AccessField
          label={t('folders.access.updatableBy')}
          draft={updatableBy}
          onChange={setUpdatableBy}
          groups={groups}
          testId="access-updatable"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({ id: folder.id, visibleTo: accessOf(visibleTo), updatableBy: accessOf(updatableBy) })
            }
            data-testid="folder-access-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
