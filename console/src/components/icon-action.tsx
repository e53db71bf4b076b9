import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
