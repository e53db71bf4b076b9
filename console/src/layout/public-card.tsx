import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of every page shown before sign-in. */
export function PublicCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack w={420} maw="100%" gap="sm">
        <Group gap={8} justify="center">
          <img src="/favicon.svg" alt="" width={26} height={26} />
          <Text fw={700} size="lg" lts={0.5}>
            {t('app.name')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('login.subtitle')}
          </Text>
        </Group>
        <Paper withBorder shadow="md" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={2}>{title}</Title>
              {subtitle && (
                <Text c="dimmed" size="sm" data-testid="public-subtitle">
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
