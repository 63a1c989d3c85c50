import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows';
import { type Column, SortableTable } from './sortable-table';

interface Row {
  name: string;
  value: number;
}
const ROWS: Row[] = [
  { name: 'pokemon', value: 300 },
  { name: 'baseball', value: 1200 },
  { name: 'magic', value: 45 },
];
const COLUMNS: Column<Row>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'value', header: 'Value', value: (row) => row.value, numeric: true },
];

const firstColumn = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

afterEach(cleanup);

describe('sortRows', () => {
  it('sorts numbers numerically (not as text), keeps ties stable and puts nulls last', () => {
    const rows = [{ v: 10 }, { v: null }, { v: 9 }, { v: 100 }, { v: 9 }];
    const tagged = rows.map((row, index) => ({ ...row, index }));
    expect(sortRows(tagged, (row) => row.v, 'ascending').map((row) => row.index)).toEqual([2, 4, 0, 3, 1]);
    expect(sortRows(tagged, (row) => row.v, 'descending').map((row) => row.index)).toEqual([3, 0, 2, 4, 1]);
  });
});

describe('SortableTable', () => {
  it('keeps the given order until a header is chosen, then sorts and toggles with aria-sort', () => {
    render(<SortableTable caption="Test" rows={ROWS} columns={COLUMNS} rowKey={(row) => row.name} />);
    expect(firstColumn()).toEqual(['pokemon', 'baseball', 'magic']);

    const valueHeader = screen.getByRole('columnheader', { name: /Value/ });
    expect(valueHeader.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(valueHeader).getByRole('button'));
    expect(valueHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['baseball', 'pokemon', 'magic']);

    fireEvent.click(within(valueHeader).getByRole('button'));
    expect(valueHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['magic', 'pokemon', 'baseball']);

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(valueHeader.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['baseball', 'magic', 'pokemon']);
  });
});
