import { Tooltip } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { adminColor } from '../app/theme';

/** Marks what only administrators see: orange for the super administrator, otherwise green (spec section 9). */
export function AdminMark({ superAdmin, size = 14 }: { superAdmin: boolean; size?: number }) {
  const { t } = useTranslation();
  const color = adminColor(superAdmin);
  const label = superAdmin ? t('nav.superAdminOnly') : t('nav.adminOnly');
  return (
    <Tooltip label={label} withinPortal>
      <IconShieldLock
        size={size}
        color={`var(--mantine-color-${color}-filled)`}
        aria-label={label}
        role="img"
        data-admin-mark={color}
      />
    </Tooltip>
  );
}
