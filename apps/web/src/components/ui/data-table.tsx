import type { ReactNode } from 'react';
import { Paper, Skeleton, Table, Text, VisuallyHidden, type TableThProps } from '@mantine/core';
import type { ListStateProps } from './list-state';
import classes from './data-table.module.css';
import { TableScroll } from './table-scroll';

type DataTableProps = ListStateProps & {
  /** The header cells, one `Table.Th` per column. */
  head: ReactNode;
  columnCount: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The rows, one `Table.Tr` each. */
  children: ReactNode;
};

/** The wide layout of a list: a bordered table with placeholder rows while loading and a line saying it is empty. */
export function DataTable({
  label,
  head,
  columnCount,
  minWidth,
  isLoading,
  isBusy = false,
  skeletonRows,
  skeletonTestId,
  isEmpty,
  emptyText,
  emptyTestId,
  className,
  children,
}: DataTableProps) {
  let body = children;
  if (isLoading) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <Table.Tr key={index} data-testid={skeletonTestId}>
        {Array.from({ length: columnCount }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={20} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (isEmpty) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Text ta="center" c="dimmed" py="lg" data-testid={emptyTestId}>
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }

  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <TableScroll minWidth={minWidth}>
        <Table verticalSpacing="sm" className={className} aria-label={label} aria-busy={isLoading || isBusy}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

/** A header cell whose heading only screen readers get, for a column that speaks for itself (its buttons, say). */
export function HiddenHeaderCell({ children, ...props }: TableThProps) {
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{children}</VisuallyHidden>
    </Table.Th>
  );
}
