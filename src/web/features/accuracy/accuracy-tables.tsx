import type { AccuracyRow } from '../../../contract/resources';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatShare } from '../../lib/accuracy-sentence';
import { formatInteger, formatPercent } from '../../lib/format';

const COLUMNS = (first: string): DataTableColumn[] => [
  { label: first },
  { label: 'Sales scored', numeric: true },
  { label: 'Inside the middle half', numeric: true },
  { label: 'Median error', numeric: true },
  { label: 'Bias', numeric: true },
];

/** One accuracy table: a row per category or tier, with what each row rests on. Pure. */
export function AccuracyTable({
  caption,
  first,
  rows,
  testId,
}: {
  caption: string;
  first: string;
  rows: readonly (AccuracyRow & { name: string })[];
  testId: string;
}) {
  return (
    <DataTable caption={caption} columns={COLUMNS(first)} testId={testId}>
      {rows.map((row) => (
        <tr key={row.name}>
          <th scope="row">{row.name}</th>
          <td className="is-numeric">{formatInteger(row.sales_scored)}</td>
          <td className="is-numeric">{formatShare(row.coverage_iqr)}</td>
          <td className="is-numeric">{formatShare(row.median_abs_pct_error)}</td>
          <td className="is-numeric">{formatPercent(row.bias_pct)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
