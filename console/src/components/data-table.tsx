import { Table, type TableProps } from '@mantine/core';
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
