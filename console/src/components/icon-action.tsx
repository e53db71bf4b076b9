import { ActionIcon, Group, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row action: an icon button whose label is both its tooltip and its accessible name. */
export function IconAction({
  label,
  onClick,
  children,
  color = 'gray',
  ...props
}: { label: string; onClick: () => void; children: ReactNode } & Omit<ActionIconProps, 'children'>) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A settings row's Edit and Delete (after any actions of its own, given as children), test ids
 * `<testIdPrefix>-edit` and `<testIdPrefix>-delete`.
 */
export function RowEditDelete({
  onEdit,
  onDelete,
  testIdPrefix,
  children,
}: {
  onEdit: () => void;
  onDelete: () => void;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {children}
      <IconAction label={t('common.edit')} onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
        <IconPencil size={16} />
      </IconAction>
      <IconAction label={t('common.delete')} color="red" onClick={onDelete} data-testid={`${testIdPrefix}-delete`}>
        <IconTrash size={16} />
      </IconAction>
    </Group>
  );
}
