import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import { partnersListState } from '@/test/list-state';
import { renderWithProviders } from '@/test/render';
import { DataTable, HiddenHeaderCell } from './data-table';

type Overrides = Partial<Parameters<typeof DataTable>[0]>;

function renderTable(overrides: Overrides = {}) {
  renderWithProviders(
    <DataTable
      {...partnersListState}
      head={
        <>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
        </>
      }
      columnCount={2}
      minWidth={640}
      skeletonRows={3}
      {...overrides}
    >
      <Table.Tr>
        <Table.Td>Miller Solar</Table.Td>
        <Table.Td>info@miller.example</Table.Td>
      </Table.Tr>
    </DataTable>,
  );
  return screen.getByRole('table', { name: 'Partners' });
}

describe('DataTable', () => {
  it('shows the headers and the rows', () => {
    const table = renderTable();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email']);
    expect(within(table).getByRole('cell', { name: 'Miller Solar' })).toBeTruthy();
    expect(table.getAttribute('aria-busy')).toBe('false');
  });

  it('keeps a column heading for screen readers only where the column speaks for itself', () => {
    const table = renderTable({
      head: (
        <>
          <Table.Th>Name</Table.Th>
          <HiddenHeaderCell>Actions</HiddenHeaderCell>
        </>
      ),
    });
    const actions = within(table).getByRole('columnheader', { name: 'Actions' });
    expect(actions.querySelector('.mantine-VisuallyHidden-root')?.textContent).toBe('Actions');
  });

  it('shows placeholder rows while loading and marks the table busy', () => {
    const table = renderTable({ isLoading: true });
    expect(screen.getAllByTestId('partner-skeleton')).toHaveLength(3);
    expect(within(table).queryByText('Miller Solar')).toBeNull();
    expect(table.getAttribute('aria-busy')).toBe('true');
  });

  it('marks the table busy while newer rows are on their way', () => {
    expect(renderTable({ isBusy: true }).getAttribute('aria-busy')).toBe('true');
  });

  it('says so when there are no rows', () => {
    const table = renderTable({ isEmpty: true });
    expect(within(table).getByTestId('partners-empty').textContent).toBe('No partners yet.');
    expect(within(table).queryByText('Miller Solar')).toBeNull();
  });
});
