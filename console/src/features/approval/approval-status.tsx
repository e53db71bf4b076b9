import { Badge, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { approvalStatuses, type ApprovalStatus } from '@mam/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/** One colour per verdict, the same in lists, tiles, the item page and the search facet. */
export const approvalColours: Record<ApprovalStatus, string> = {
  none: 'gray',
  in_review: 'blue',
  needs_changes: 'orange',
  approved: 'green',
};

/** The status as a badge; 'none' shows nothing in lists, where most items are not reviewed yet. */
export function ApprovalBadge({
  status,
  showNone = false,
}: {
  status: ApprovalStatus | undefined;
  showNone?: boolean;
}) {
  const { t } = useTranslation();
  if (!status || (status === 'none' && !showNone)) return null;
  return (
    <Badge size="sm" variant="light" color={approvalColours[status]} data-testid="approval-badge" data-status={status}>
      {t(`approval.${status}`)}
    </Badge>
  );
}

/** The item page's control: a badge that opens a menu of statuses for users with approveItems. */
export function ApprovalControl({
  itemId,
  status,
  editable,
  onChanged,
}: {
  itemId: string;
  status: ApprovalStatus;
  editable: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const setApproval = trpc.items.setApproval.useMutation({
    onSuccess: onChanged,
    onError: (error) => notifyError(t, error),
  });
  if (!editable) return <ApprovalBadge status={status} showNone />;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('approval.label')} data-testid="approval-control">
          <Badge
            size="sm"
            variant="light"
            color={approvalColours[status]}
            rightSection={<IconChevronDown size={12} />}
            data-testid="approval-badge"
            data-status={status}
            style={{ cursor: 'pointer' }}
          >
            {t(`approval.${status}`)}
          </Badge>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('approval.label')}</Menu.Label>
        {approvalStatuses.map((option) => (
          <Menu.Item
            key={option}
            disabled={setApproval.isPending}
            onClick={() => setApproval.mutate({ itemId, status: option })}
            data-testid={`approval-option-${option}`}
          >
            <Group gap="xs">
              <Badge size="xs" circle color={approvalColours[option]}>
                {' '}
              </Badge>
              {t(`approval.${option}`)}
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
