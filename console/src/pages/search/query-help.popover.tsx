import { ActionIcon, Code, Popover, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnEscape } from '../../lib/use-close-on-escape';

/** The query language, one line per construct: an example the user can click to run, and what it finds. */
const examples: ReadonlyArray<{ query: string; key: string }> = [
  { query: 'harbour storm', key: 'words' },
  { query: '"match report"', key: 'phrase' },
  { query: 'title:storm', key: 'field' },
  { query: 'type:video', key: 'type' },
  { query: 'harb* te?t', key: 'wildcards' },
  { query: 'storm OR flood', key: 'or' },
  { query: 'storm AND harbour', key: 'and' },
  { query: 'storm NOT harbour', key: 'not' },
  { query: 'storm -harbour', key: 'minus' },
  { query: '(storm OR flood) AND harbour', key: 'groups' },
  { query: 'created:[2024-01-01 TO 2024-06-30]', key: 'range' },
  { query: 'created:>=2024-01-01', key: 'compare' },
];

/** A help popover beside the search box listing the syntax with examples. */
export function QueryHelpPopover({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useCloseOnEscape(opened, () => setOpened(false));
  return (
    <Popover opened={opened} onChange={setOpened} width={520} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label={t('search.help.title')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('search.help.title')}
            onClick={() => setOpened((o) => !o)}
            data-testid="search-help"
          >
            <IconHelp size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="search-help-panel">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('search.help.title')}
          </Text>
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {examples.map((example) => (
                <Table.Tr key={example.key}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <UnstyledButton
                      onClick={() => {
                        setOpened(false);
                        onPick(example.query);
                      }}
                      aria-label={t('search.help.run', { query: example.query })}
                    >
                      <Code>{example.query}</Code>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{t(`search.help.examples.${example.key}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('search.help.fields')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('search.help.caution')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
