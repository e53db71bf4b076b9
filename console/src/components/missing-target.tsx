import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFolder, IconSearch, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a link's id can name anything at all: every item and folder id is a uuid. */
export const isWellFormedId = (id: string) => uuid.test(id);

/**
 * What a link to an item or folder that cannot be shown says: that its id is malformed, or that nothing with it
 * exists for this user (never which of "deleted" and "not yours", which would tell what others have), and ways on.
 */
export function MissingTarget({
  kind,
  id,
  rootFolderId,
  testId,
}: {
  kind: 'item' | 'folder';
  id: string;
  /** Where the folders page starts, for a way back to it. */
  rootFolderId?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const malformed = !isWellFormedId(id);
  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      data-testid={testId ?? 'missing-target'}
      data-reason={malformed ? 'malformed' : 'not-found'}
    >
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size="xl" radius="xl" variant="light" color="gray">
          <IconUnlink size={22} />
        </ThemeIcon>
        <Title order={3}>{t(`searchLists.missing.${kind}.title`)}</Title>
        <Text c="dimmed" maw={560}>
          {malformed ? t(`searchLists.missing.${kind}.malformed`) : t(`searchLists.missing.${kind}.notFound`)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {id}
        </Text>
        <Group gap="xs" mt="xs">
          <Button component={Link} to="/" leftSection={<IconSearch size={16} />} data-testid="missing-to-search">
            {t('searchLists.missing.toSearch')}
          </Button>
          {kind === 'folder' && (
            <Button
              component={Link}
              to={rootFolderId ? `/folders?folderId=${rootFolderId}` : '/folders'}
              variant="default"
              leftSection={<IconFolder size={16} />}
              data-testid="missing-to-folders"
            >
              {t('searchLists.missing.toFolders')}
            </Button>
          )}
          {window.history.length > 1 && (
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              {t('searchLists.missing.back')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
