import { Group, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const ROOT = '';

/**
 * User settings: the folder the user's uploads go to when they are not in a folder (the header's Upload button,
 * drops on other pages). Saved in the user's profile, so it follows them to other browsers. Hidden from users who
 * may not choose (chooseUploadLocation) or not upload.
 */
export function UploadFolderSetting() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const current = trpc.uploads.folder.useQuery();
  const tree = trpc.folders.tree.useQuery(undefined, { enabled: !!current.data?.canChoose });
  const save = trpc.uploads.setFolder.useMutation({
    onSuccess: (data) => utils.uploads.folder.setData(undefined, data),
    onError: (error) => notifyError(t, error),
  });
  const options = useMemo(
    () =>
      (tree.data?.folders ?? [])
        .filter((folder) => folder.canAddTo && !folder.isRoot)
        .map((folder) => ({ value: folder.id, label: folder.name })),
    [tree.data],
  );
  if (!current.data?.canChoose) return null;
  const value = current.data.chosen ? current.data.folder.id : ROOT;

  return (
    <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
      <div>
        <Text fw={500} size="sm">
          {t('uploadAnywhere.defaultFolder')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('uploadAnywhere.defaultFolderHint')}
        </Text>
      </div>
      <Select
        size="xs"
        w={240}
        searchable
        allowDeselect={false}
        value={value}
        disabled={save.isPending}
        onChange={(next) => save.mutate({ folderId: next ? next : null })}
        data={[{ value: ROOT, label: t('uploadAnywhere.rootFolder') }, ...options]}
        aria-label={t('uploadAnywhere.defaultFolder')}
        data-testid="pref-upload-folder"
      />
    </Group>
  );
}
