import type { ReactNode } from 'react';
import type { SortDirection } from './sortable-table/sort-rows';
import { TableScroll } from './table-scroll';

export interface DataTableColumn {
  /** The header's text (and the column's key). */
  label: string;
  /** Shown in place of the label, such as an abbreviation with its title. */
  header?: ReactNode;
  numeric?: boolean;
  className?: string;
  /** A sortable column: its direction (undefined while another column sorts) and what a press does. */
  sort?: { direction: SortDirection | undefined; onToggle: () => void };
}

/**
 * Every data table of the dashboard: a dense, captioned table of figures in a keyboard-scrollable
 * region named by the caption, one header cell per column (a sortable one is a button, with
 * aria-sort), and the body rows given as children. Pure: fed by props.
 */
export function DataTable({
  caption,
  columns,
  children,
  className,
  testId,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <TableScroll label={caption}>
      <table className={className ? `data-table ${className}` : 'data-table'} data-testid={testId}>
        <caption className="data-table__caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.label} column={column} />
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

function HeaderCell({ column }: { column: DataTableColumn }) {
  const className =
    [column.numeric ? 'is-numeric' : '', column.className ?? ''].join(' ').trim() || undefined;
  const header = column.header ?? column.label;
  if (column.sort === undefined) {
    return (
      <th scope="col" className={className}>
        {header}
      </th>
    );
  }
  const { direction, onToggle } = column.sort;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className}>
      <button type="button" className="data-table__sort" onClick={onToggle}>
        {header}
        <span className="data-table__sort-icon" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** A figure's cell: right-aligned, with the test id the pages' tests read it by. */
export function NumericCell({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <td className="is-numeric" data-testid={testId}>
      {children}
    </td>
  );
}
