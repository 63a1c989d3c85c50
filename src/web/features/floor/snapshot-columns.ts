import type { Column } from '../../components/sortable-table/sortable-table';
import { formatInteger, formatUsd } from '../../lib/format';

type SnapshotStats = { avg: number; median: number; listings: number };

const usd = <Row extends SnapshotStats>(id: 'avg' | 'median', header: string): Column<Row> => ({
  id,
  header,
  value: (row) => row[id],
  render: (row) => formatUsd(row[id]),
  numeric: true,
});

/** The avg, median and listings columns of a snapshot row: the floor table's and the labels table's. */
export const snapshotStatColumns = <Row extends SnapshotStats>(): Column<Row>[] => [
  usd('avg', 'Avg'),
  usd('median', 'Median'),
  {
    id: 'listings',
    header: 'Listings',
    value: (row) => row.listings,
    render: (row) => formatInteger(row.listings),
    numeric: true,
  },
];
