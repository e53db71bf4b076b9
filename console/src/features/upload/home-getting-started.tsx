import { Button, Center, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconFolders, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCan } from '../../lib/session';
import { useAddToDestination, useMayUpload, useUploadDestination } from './upload-anywhere';

/** The home page of an organisation with no items yet: how the first files get in. */
export function HomeGettingStarted() {
  const { t } = useTranslation();
  const can = useCan();
  const mayUpload = useMayUpload();
  const destination = useUploadDestination(mayUpload);
  const addFiles = useAddToDestination(destination);

  return (
    <Paper withBorder p="xl" style={{ borderStyle: 'dashed', borderWidth: 2 }} data-testid="home-getting-started">
      <Center>
        <Stack align="center" gap="sm" maw={520}>
          <IconCloudUpload size={48} color="var(--mantine-color-dimmed)" />
          <Title order={3} ta="center">
            {t('uploadAnywhere.emptyTitle')}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {mayUpload
              ? t('uploadAnywhere.emptyHint', { folder: destination?.folderName ?? t('uploadAnywhere.rootFolder') })
              : t('uploadAnywhere.emptyHintNoUpload')}
          </Text>
          <Group gap="xs" justify="center">
            {mayUpload && (
              <FileButton multiple onChange={addFiles}>
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />} data-testid="home-upload">
                    {t('uploadAnywhere.upload')}
                  </Button>
                )}
              </FileButton>
            )}
            {can('sidebarFolders') && (
              <Button component={Link} to="/folders" variant="default" leftSection={<IconFolders size={16} />}>
                {t('uploadAnywhere.openFolders')}
              </Button>
            )}
          </Group>
        </Stack>
      </Center>
    </Paper>
  );
}
