import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Stack align="flex-start" gap="xs" py="xl" data-testid="not-found">
      <Text c="dimmed" ff="monospace" size="sm">
        404 · {location.pathname}
      </Text>
      <Title order={2}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to="/" mt="sm" leftSection={<IconArrowLeft size={16} />}>
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
