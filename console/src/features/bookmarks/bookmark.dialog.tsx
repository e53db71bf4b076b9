import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appErrorOf, errorCodeMessage } from '../../lib/app-error';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { bookmarkIcons, type TBookmarkIcon } from './bookmark-icons';
import type { TBookmarkDraftTarget } from './bookmark-target';

export type TBookmark = RouterOutputs['bookmarks']['list'][number];

/** Create a bookmark of the current page, or edit one: title, icon, private or system with its groups. */
export function BookmarkDialog({
  draft,
  existing,
  defaultTitle,
  onClose,
}: {
  draft: TBookmarkDraftTarget;
  existing?: TBookmark;
  defaultTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const utils = trpc.useUtils();
  const canSystem = can('manageSystemBookmarks');
  const groups = trpc.groups.list.useQuery(undefined, { enabled: canSystem });
  const [title, setTitle] = useState(existing?.title ?? defaultTitle);
  const [icon, setIcon] = useState<string | null>(existing?.icon ?? null);
  const [scope, setScope] = useState<'private' | 'system'>(existing?.scope ?? 'private');
  const [visibleGroups, setVisibleGroups] = useState<string[]>(existing?.visibleGroups ?? []);
  const [isFilter, setIsFilter] = useState(existing?.isFilter ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = {
    onSuccess: () => {
      void utils.bookmarks.list.invalidate();
      onClose();
    },
    onError: (error: unknown) => {
      const issues = appErrorOf(error)?.issues ?? [];
      if (issues.length === 0) notifyError(t, error);
      setErrors(Object.fromEntries(issues.map((i) => [i.path, errorCodeMessage(t, i.code)])));
    },
  };
  const create = trpc.bookmarks.create.useMutation(done);
  const update = trpc.bookmarks.update.useMutation(done);
  const kind = existing?.kind ?? draft.kind;

  function save() {
    // Checked here as well so the message shows without a round trip; the server has the last word.
    if (!title.trim()) {
      setErrors({ title: t('errors.BOOKMARK_TITLE_REQUIRED') });
      return;
    }
    if (scope === 'system' && visibleGroups.length === 0) {
      setErrors({ visibleGroups: t('errors.SELECTED_GROUPS_EMPTY') });
      return;
    }
    const input = {
      title,
      kind,
      scope,
      target: existing?.target
        ? { ...existing.target, route: existing.target.route ?? draft.target.route }
        : draft.target,
      icon,
      isFilter: kind === 'search' && isFilter,
      visibleGroups: scope === 'system' ? visibleGroups : [],
    };
    if (existing) update.mutate({ id: existing.id, ...input });
    else create.mutate(input);
  }

  return (
    <Modal opened onClose={onClose} title={existing ? t('bookmarks.edit') : t('bookmarks.add')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('bookmarks.title')}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.title}
            data-autofocus
            data-testid="bookmark-title"
          />
          <Group gap={4} role="radiogroup" aria-label={t('bookmarks.icon')}>
            {(Object.keys(bookmarkIcons) as TBookmarkIcon[]).map((name) => {
              const Icon = bookmarkIcons[name];
              return (
                <Tooltip key={name} label={t(`bookmarks.icons.${name}`)}>
                  <Button
                    variant={icon === name ? 'filled' : 'default'}
                    size="compact-sm"
                    onClick={() => setIcon(icon === name ? null : name)}
                    aria-label={t(`bookmarks.icons.${name}`)}
                    aria-pressed={icon === name}
                  >
                    <Icon size={16} />
                  </Button>
                </Tooltip>
              );
            })}
          </Group>
          {kind === 'search' && (
            <Checkbox
              label={t('bookmarks.isFilter')}
              checked={isFilter}
              onChange={(e) => setIsFilter(e.currentTarget.checked)}
              data-testid="bookmark-filter"
            />
          )}
          {canSystem && !existing && (
            <SegmentedControl
              value={scope}
              onChange={(v) => setScope(v as 'private' | 'system')}
              data={[
                { value: 'private', label: t('bookmarks.private') },
                { value: 'system', label: t('bookmarks.system') },
              ]}
              data-testid="bookmark-scope"
            />
          )}
          {scope === 'system' && (
            <MultiSelect
              label={t('bookmarks.groups')}
              data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              value={visibleGroups}
              onChange={(v) => {
                setVisibleGroups(v);
                setErrors({});
              }}
              error={errors.visibleGroups}
              searchable
              data-testid="bookmark-groups"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="bookmark-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
