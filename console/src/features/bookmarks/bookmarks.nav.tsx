import { ActionIcon, Menu, NavLink, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { BookmarkDialog, type TBookmark } from './bookmark.dialog';
import { BookmarkIcon } from './bookmark-icons';
import { bookmarkDestination, bookmarkTargetOf } from './bookmark-target';

/** The left menu's Bookmarks and Filters (filter bookmarks are saved searches). */
export function BookmarksNav() {
  const { t } = useTranslation();
  const can = useCan();
  const location = useLocation();
  const bookmarks = trpc.bookmarks.list.useQuery(undefined, { enabled: can('bookmarks') });
  const [editing, setEditing] = useState<TBookmark | null>(null);
  const utils = trpc.useUtils();
  const [confirmDialog, confirm] = useConfirm();
  const remove = trpc.bookmarks.delete.useMutation({
    onSuccess: () => void utils.bookmarks.list.invalidate(),
    onError: (error) => notifyError(t, error),
  });
  const all = bookmarks.data ?? [];
  if (all.length === 0) return null;
  const here = `${location.pathname}${location.search}`;

  const entry = (bookmark: TBookmark) => (
    <NavLink
      key={bookmark.id}
      component={Link}
      to={bookmarkDestination(bookmark.target.route)}
      label={bookmark.title}
      leftSection={<BookmarkIcon icon={bookmark.icon} kind={bookmark.kind} />}
      active={bookmark.target.route === here}
      variant="light"
      py={6}
      data-testid="bookmark-link"
      rightSection={
        <>
          {bookmark.scope === 'system' && <IconWorld size={12} aria-label={t('bookmarks.system')} />}
          {bookmark.editable && (
            <Menu position="right-start" withinPortal>
              <Menu.Target>
                <ActionIcon
                  size="xs"
                  variant="subtle"
                  aria-label={t('common.actions')}
                  onClick={(e) => e.preventDefault()}
                  data-testid="bookmark-menu"
                >
                  <IconDots size={12} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(bookmark)}>
                  {t('common.edit')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() =>
                    confirm({
                      title: t('bookmarks.deleteTitle'),
                      message: t('bookmarks.deleteText', { title: bookmark.title }),
                      confirmLabel: t('common.delete'),
                      onConfirm: () => remove.mutateAsync({ id: bookmark.id }),
                    })
                  }
                  data-testid="bookmark-delete"
                >
                  {t('common.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </>
      }
    />
  );

  const sections = [
    { key: 'bookmarks', label: t('bookmarks.heading'), rows: all.filter((b) => !b.isFilter) },
    { key: 'filters', label: t('bookmarks.filters'), rows: all.filter((b) => b.isFilter) },
  ];
  return (
    <>
      {sections
        .filter((section) => section.rows.length > 0)
        .map((section) => (
          <div key={section.key} data-testid={`nav-${section.key}`}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
              {section.label}
            </Text>
            {section.rows.map(entry)}
          </div>
        ))}
      {confirmDialog}
      {editing && (
        <BookmarkDialog
          draft={bookmarkTargetOf(location.pathname, location.search)}
          existing={editing}
          defaultTitle={editing.title}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
