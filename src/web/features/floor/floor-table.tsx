import { Link } from 'react-router';
import type { FloorRow } from '../../../contract/resources';
import { type Column, SortableTable } from '../../components/sortable-table/sortable-table';
import { formatDate, formatUsd } from '../../lib/format';
import { snapshotStatColumns } from './snapshot-columns';

/** The floor snapshot per category, sortable; each category links to its labels (`/?category=`). */
const COLUMNS: readonly Column<FloorRow>[] = [
  {
    id: 'category',
    header: 'Category',
    value: (row) => row.category,
    render: (row) => <Link to={`/?category=${encodeURIComponent(row.category)}`}>{row.category}</Link>,
  },
  ...snapshotStatColumns<FloorRow>(),
  {
    id: 'floor_min',
    header: 'Floor (min ask)',
    value: (row) => row.floor_min,
    render: (row) => formatUsd(row.floor_min),
    numeric: true,
  },
  {
    id: 'total_value',
    header: 'Total value',
    value: (row) => row.total_value,
    render: (row) => formatUsd(row.total_value),
    numeric: true,
  },
];

export function FloorTable({ rows, asOf }: { rows: readonly FloorRow[]; asOf: string }) {
  return (
    <SortableTable
      caption={`Active listings by category, snapshot of ${formatDate(asOf)}. Select a header to sort.`}
      rows={rows}
      columns={COLUMNS}
      rowKey={(row) => row.category}
    />
  );
}
