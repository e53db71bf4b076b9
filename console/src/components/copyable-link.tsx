import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A link for someone else (a share, an upload request): shown whole, copied with one click, or opened. */
export function CopyableLink({
  link,
  label,
  openLabel,
  testId,
}: {
  link: string;
  label: string;
  openLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        value={link}
        readOnly
        style={{ flex: 1 }}
        onFocus={(e) => e.currentTarget.select()}
        aria-label={label}
        data-testid={testId}
      />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon variant="light" size="lg" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={openLabel}>
        <ActionIcon variant="subtle" size="lg" component="a" href={link} target="_blank" rel="noreferrer">
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
