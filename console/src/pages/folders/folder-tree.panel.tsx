import { ActionIcon, Group, Menu, NavLink, Paper, ScrollArea, Text, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconFolderPlus,
  IconFolderSymlink,
  IconLock,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FolderAccessModal, FolderNameModal, FolderPickerModal } from './folder-dialogs';
import { pathTo, subtreeIds, visibleRows, type TFolder } from './folder-tree';

type TDialog =
  | { kind: 'create'; parent: TFolder }
  | { kind: 'rename'; folder: TFolder }
  | { kind: 'move'; folder: TFolder }
  | { kind: 'access'; folder: TFolder };

/** The folder tree on the left of the folders page: navigation plus create, rename, move, access and delete. */
export function FolderTreePanel({
  folders,
  rootId,
  currentId,
}: {
  folders: readonly TFolder[];
  rootId: string;
  currentId: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [confirmation, confirm] = useConfirm();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set([rootId]));
  const refresh = () => utils.folders.tree.invalidate();
  const create = trpc.folders.create.useMutation({ onSuccess: refresh });
  const rename = trpc.folders.rename.useMutation({ onSuccess: refresh });
  const move = trpc.folders.move.useMutation({ onSuccess: refresh });
  const remove = trpc.folders.delete.useMutation({
    onSuccess: async () => {
      await refresh();
      await utils.items.listDeleted.invalidate();
    },
  });

  // The way to the folder on screen is always open, also when it was reached by a link.
  useEffect(() => {
    const ancestors = pathTo(folders, currentId).slice(0, -1);
    setExpanded((open) =>
      ancestors.every((f) => open.has(f.id)) ? open : new Set([...open, ...ancestors.map((f) => f.id)]),
    );
  }, [folders, currentId]);

  function toggle(event: MouseEvent, id: string) {
    event.preventDefault();
    event.stopPropagation();
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function askDelete(folder: TFolder) {
    confirm({
      title: t('folders.deleteTitle'),
      message: t('folders.deleteMessage', { name: folder.name }),
      onConfirm: () =>
        remove.mutateAsync({ id: folder.id }).then(
          (result) => {
            notifySuccess(t('folders.deleted', { count: result.recycledItemIds.length }));
            if (result.deletedFolderIds.includes(currentId)) {
              void navigate(`/folders?folderId=${folder.parentId ?? rootId}`);
            }
          },
          (e: unknown) => notifyError(t, e),
        ),
    });
  }

  const rows = visibleRows(folders, rootId, expanded);
  const current = folders.find((f) => f.id === currentId);
  const mayCreate = can('folderCreate');

  return (
    <Paper withBorder p={6}>
      {confirmation}
      <Group justify="space-between" px={6} pb={4} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('folders.tree')}
        </Text>
        {mayCreate && current?.canAddTo && (
          <Tooltip label={t('folders.newIn', { name: current.name })}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={() => setDialog({ kind: 'create', parent: current })}
              aria-label={t('folders.newFolder')}
              data-testid="new-folder"
            >
              <IconFolderPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto">
        {rows.map(({ folder, depth, hasChildren }) => {
          const open = expanded.has(folder.id);
          const restricted = folder.visibleTo?.level === 'owner' || folder.visibleTo?.level === 'selected_groups';
          return (
            <NavLink
              key={folder.id}
              component={Link}
              to={`/folders?folderId=${folder.id}`}
              active={folder.id === currentId}
              variant="light"
              py={4}
              style={{ paddingLeft: 4 + depth * 14 }}
              data-testid={`folder-${folder.name}`}
              label={
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" truncate>
                    {folder.name}
                  </Text>
                  {restricted && <IconLock size={12} aria-label={t('folders.restricted')} />}
                </Group>
              }
              leftSection={
                <Group gap={2} wrap="nowrap">
                  {hasChildren ? (
                    <ActionIcon
                      variant="transparent"
                      color="gray"
                      size="xs"
                      onClick={(e) => toggle(e, folder.id)}
                      aria-label={open ? t('folders.collapse') : t('folders.expand')}
                      aria-expanded={open}
                    >
                      {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                    </ActionIcon>
                  ) : (
                    <span style={{ width: 18, display: 'inline-block' }} />
                  )}
                  {folder.id === currentId ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
                </Group>
              }
              rightSection={
                (folder.canUpdate || folder.canDelete || (mayCreate && folder.canAddTo)) && (
                  <FolderMenu
                    folder={folder}
                    mayCreate={mayCreate}
                    onCreate={() => setDialog({ kind: 'create', parent: folder })}
                    onRename={() => setDialog({ kind: 'rename', folder })}
                    onMove={() => setDialog({ kind: 'move', folder })}
                    onAccess={() => setDialog({ kind: 'access', folder })}
                    onDelete={() => askDelete(folder)}
                  />
                )
              }
            />
          );
        })}
      </ScrollArea.Autosize>

      {dialog?.kind === 'create' && (
        <FolderNameModal
          title={t('folders.newIn', { name: dialog.parent.name })}
          initial=""
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const folder = await create.mutateAsync({ name, parentId: dialog.parent.id });
            setExpanded((open) => new Set([...open, dialog.parent.id]));
            void navigate(`/folders?folderId=${folder.id}`);
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <FolderNameModal
          title={t('folders.rename')}
          initial={dialog.folder.name}
          onClose={() => setDialog(null)}
          onSubmit={(name) => rename.mutateAsync({ id: dialog.folder.id, name })}
        />
      )}
      {dialog?.kind === 'move' && (
        <FolderPickerModal
          title={t('folders.moveTitle', { name: dialog.folder.name })}
          folders={folders}
          rootId={rootId}
          exclude={subtreeIds(folders, dialog.folder.id)}
          confirmLabel={t('folders.move')}
          onClose={() => setDialog(null)}
          onPick={async (parentId) => {
            await move.mutateAsync({ id: dialog.folder.id, parentId });
            setExpanded((open) => new Set([...open, parentId]));
          }}
        />
      )}
      {dialog?.kind === 'access' && (
        <FolderAccessModal folder={dialog.folder} onSaved={() => void refresh()} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}

function FolderMenu({
  folder,
  mayCreate,
  onCreate,
  onRename,
  onMove,
  onAccess,
  onDelete,
}: {
  folder: TFolder;
  mayCreate: boolean;
  onCreate: () => void;
  onRename: () => void;
  onMove: () => void;
  onAccess: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  // The row is a link: menu clicks must neither follow it nor bubble to it.
  const hold = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={hold}
          aria-label={t('folders.actions', { name: folder.name })}
          data-testid={`folder-menu-${folder.name}`}
        >
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {mayCreate && folder.canAddTo && (
          <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={onCreate} data-testid="folder-action-create">
            {t('folders.newFolder')}
          </Menu.Item>
        )}
        {folder.canUpdate && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename} data-testid="folder-action-rename">
            {t('folders.rename')}
          </Menu.Item>
        )}
        {folder.canUpdate && !folder.isRoot && (
          <Menu.Item leftSection={<IconFolderSymlink size={14} />} onClick={onMove} data-testid="folder-action-move">
            {t('folders.move')}
          </Menu.Item>
        )}
        {folder.canUpdate && !folder.isRoot && (
          <Menu.Item leftSection={<IconLock size={14} />} onClick={onAccess} data-testid="folder-action-access">
            {t('folders.access.menu')}
          </Menu.Item>
        )}
        {folder.canDelete && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
              data-testid="folder-action-delete"
            >
              {t('common.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
