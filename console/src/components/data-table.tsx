import { Center, Loader, Table, Text, type TableProps } from '@mantine/core';
import { usePreferences } from '../lib/preferences';

/** Every list in the console: striped, hoverable, and as dense as the user's preference asks. */
export function DataTable(props: TableProps) {
  const { density } = usePreferences();
  const compact = density === 'compact';
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={compact ? 4 : 'xs'}
        horizontalSpacing={compact ? 'xs' : 'sm'}
        fz={compact ? 'xs' : 'sm'}
        data-density={density}
        {...props}
      />
    </Table.ScrollContainer>
  );
}

/** The one row a table shows while it loads or when it has nothing to list. */
export function TableMessage({ colSpan, loading, text }: { colSpan: number; loading: boolean; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Center py="md">
          {loading ? (
            <Loader size="sm" />
          ) : (
            <Text c="dimmed" size="sm">
              {text}
            </Text>
          )}
        </Center>
      </Table.Td>
    </Table.Tr>
  );
}
