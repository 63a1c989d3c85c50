import type { AccuracyRow } from '../../../contract/resources';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatShare } from '../../lib/accuracy-sentence';
import { formatDecimal, formatInteger, formatPercent } from '../../lib/format';

const MIDDLE_HALF: DataTableColumn[] = [
  { label: 'Inside the middle half of past sales', numeric: true },
  { label: "Median's median error", numeric: true },
  { label: "Median's bias", numeric: true },
];
const nextSaleColumns = (level: number): DataTableColumn[] => [
  { label: `Inside the ${level} % range`, numeric: true },
  { label: 'Below it', numeric: true },
  { label: 'Above it', numeric: true },
  { label: "Estimate's median error", numeric: true },
  { label: 'Within 10 % of the estimate', numeric: true },
  { label: 'Median width of the range', numeric: true },
  { label: 'Interval score', numeric: true },
];

/**
 * One accuracy table: a row per tier, band or category, with the sales it rests on, the next-sale
 * range's figures (when the server sends them) and, beside them, the window median's. Pure.
 */
export function AccuracyTable({
  caption,
  first,
  rows,
  level,
  testId,
}: {
  caption: string;
  first: string;
  rows: readonly (AccuracyRow & { name: string })[];
  level: number;
  testId: string;
}) {
  const nextSale = rows.some((row) => row.next_sale);
  const columns = [
    { label: first },
    { label: 'Sales scored', numeric: true },
    ...(nextSale ? nextSaleColumns(level) : []),
    ...MIDDLE_HALF,
  ];
  return (
    <DataTable caption={caption} columns={columns} testId={testId}>
      {rows.map((row) => (
        <tr key={row.name}>
          <th scope="row">{row.name}</th>
          <td className="is-numeric">{formatInteger(row.sales_scored)}</td>
          {nextSale ? <NextSaleCells row={row} /> : null}
          <td className="is-numeric">{formatShare(row.coverage_iqr)}</td>
          <td className="is-numeric">{formatShare(row.median_abs_pct_error)}</td>
          <td className="is-numeric">{formatPercent(row.bias_pct)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function NextSaleCells({ row }: { row: AccuracyRow }) {
  const next = row.next_sale;
  if (!next)
    return (
      <td className="is-numeric" colSpan={7}>
        no range calibrated
      </td>
    );
  return (
    <>
      <td className="is-numeric" data-testid="next-sale-coverage">
        {formatShare(next.coverage)}
      </td>
      <td className="is-numeric">{formatShare(next.below_pct)}</td>
      <td className="is-numeric">{formatShare(next.above_pct)}</td>
      <td className="is-numeric">{formatShare(next.median_abs_pct_error)}</td>
      <td className="is-numeric">{formatShare(next.within_10_pct)}</td>
      <td className="is-numeric">{formatShare(next.median_width_pct)}</td>
      <td className="is-numeric">{formatDecimal(next.interval_score, 2)}</td>
    </>
  );
}
