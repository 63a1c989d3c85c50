import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '../data-table';
import { type SortDirection, type SortValue, sortRows } from './sort-rows';

/**
 * An accessible, dense data table (DataTable) whose column headers sort (click or Enter/Space on the header
 * button; aria-sort tells screen readers). Rows keep the server's order until a header is chosen.
 *
 *   <SortableTable caption="Floor by category" rows={rows} rowKey={(r) => r.category} columns={[
 *     { id: 'category', header: 'Category', value: (r) => r.category },
 *     { id: 'avg', header: 'Avg', value: (r) => r.avg, render: (r) => formatUsd(r.avg), numeric: true },
 *   ]} />
 */
export interface Column<Row> {
  id: string;
  header: string;
  value: (row: Row) => SortValue;
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface SortableTableProps<Row> {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  initialSort?: { columnId: string; direction: SortDirection };
}

export function SortableTable<Row>({ caption, rows, columns, rowKey, initialSort }: SortableTableProps<Row>) {
  const [sort, setSort] = useState(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.id === sort.columnId);
    return column && sort ? sortRows(rows, column.value, sort.direction) : rows;
  }, [rows, columns, sort]);

  const toggle = (column: Column<Row>) =>
    setSort((current) =>
      current?.columnId === column.id
        ? { columnId: column.id, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { columnId: column.id, direction: column.numeric ? 'descending' : 'ascending' },
    );

  return (
    <DataTable
      caption={caption}
      columns={columns.map((column) => ({
        label: column.header,
        numeric: column.numeric,
        sort: {
          direction: sort?.columnId === column.id ? sort.direction : undefined,
          onToggle: () => toggle(column),
        },
      }))}
    >
      {sorted.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map((column, index) => {
            const content = column.render ? column.render(row) : column.value(row);
            const className = column.numeric ? 'is-numeric' : undefined;
            return index === 0 ? (
              <th key={column.id} scope="row" className={className}>
                {content}
              </th>
            ) : (
              <td key={column.id} className={className}>
                {content}
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}
