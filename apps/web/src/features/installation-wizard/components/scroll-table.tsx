import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { TableScroll } from '@/components/ui/table-scroll';

type ScrollTableProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  headers: ReactNode[];
  /** The rows (Table.Tr). */
  children: ReactNode;
};

/** A bordered table under a row of column headings, for wide screens. */
export function ScrollTable({ minWidth, headers, children }: ScrollTableProps) {
  return (
    <TableScroll minWidth={minWidth}>
      <Table verticalSpacing="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}
