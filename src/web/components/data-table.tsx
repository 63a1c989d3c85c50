import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

export interface DataTableColumn {
  label: string;
  numeric?: boolean;
}

/**
 * A dense, captioned table of figures in a keyboard-scrollable region: the caption (which also
 * names the region), one header cell per column, and the body rows given as children.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className="data-table">
        <caption className="data-table__caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
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
