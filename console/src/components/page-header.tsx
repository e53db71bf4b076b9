import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row every page starts with, so pages line up with each other. */
export function PageHeader({
  title,
  description,
  actions,
  badge,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap">
      <div>
        <Group gap={8} wrap="nowrap">
          <Title order={2}>{title}</Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" size="sm" mt={2}>
            {description}
          </Text>
        )}
      </div>
      {actions}
    </Group>
  );
}

/** A settings section's heading: its title and what it is for, with its Add button (or other action) at the right. */
export function SectionHeader({ title, intro, action }: { title: string; intro: string; action: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={4}>{title}</Title>
        <Text size="sm" c="dimmed" maw={720}>
          {intro}
        </Text>
      </div>
      {action}
    </Group>
  );
}
