import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportFormats, exportUrl } from './sequence-file';

/** Export on a sequence's page: EDL, FCPXML or OpenTimelineIO, downloaded as the server names the file. */
export function SequenceExportMenu({ sequenceId }: { sequenceId: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileExport size={14} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="sequence-export"
        >
          {t('sequenceInterchange.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {exportFormats.map(({ format, labelKey }) => (
          <Menu.Item
            key={format}
            component="a"
            href={exportUrl(sequenceId, format)}
            download
            data-testid={`sequence-export-${format}`}
          >
            {t(labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
