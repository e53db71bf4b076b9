import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAction } from '../../../components/icon-action';

/**
 * Explains a disabled control. Disabled elements get no pointer events, so the tooltip hangs on a wrapper; without a
 * reason the control is shown bare.
 */
export function ReasonTooltip({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline maw={320}>
      <span style={{ display: 'inline-flex' }} data-reason={reason}>
        {children}
      </span>
    </Tooltip>
  );
}

/** A row action that may be refused: enabled it is an ordinary IconAction, refused it is disabled and says why. */
export function GuardedAction({
  label,
  refusal,
  onClick,
  color,
  testId,
  children,
}: {
  label: string;
  /** Why the action is not allowed (a translated rule), or null when it is. */
  refusal: string | null;
  onClick: () => void;
  color?: string;
  testId?: string;
  children: ReactNode;
}) {
  if (refusal === null) {
    return (
      <IconAction label={label} onClick={onClick} color={color} data-testid={testId}>
        {children}
      </IconAction>
    );
  }
  return (
    <ReasonTooltip reason={refusal}>
      <ActionIcon variant="subtle" color={color} aria-label={refusal} disabled data-testid={testId}>
        {children}
      </ActionIcon>
    </ReasonTooltip>
  );
}
