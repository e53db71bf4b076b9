import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCan } from '../../lib/session';
import { BookmarkDialog } from './bookmark.dialog';
import { bookmarkTargetOf } from './bookmark-target';

/** Bookmarks the page the user is on, titled after the browser tab's title. */
export function BookmarkPageButton() {
  const { t } = useTranslation();
  const can = useCan();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!can('bookmarks')) return null;
  return (
    <>
      <Tooltip label={t('bookmarks.add')}>
        <ActionIcon
          variant="subtle"
          onClick={() => setOpen(true)}
          aria-label={t('bookmarks.add')}
          data-testid="bookmark-page"
        >
          <IconBookmarkPlus size={18} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <BookmarkDialog
          draft={bookmarkTargetOf(location.pathname, location.search)}
          defaultTitle={document.title}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
