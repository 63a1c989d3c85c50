import type { GradeStat } from '../../../contract/resources';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatInteger, formatUsdCompact } from '../../lib/format';
import { ColumnChart } from './column-chart';

/**
 * The median sold price per grade, each bar labelled with its count of sales. Pure: fed by props.
 * The chart is a picture of the table beside it, so assistive technology reads the table instead.
 */
export function ByGradeChart({ rows }: { rows: readonly GradeStat[] }) {
  const columns = inGradeOrder(rows).map((row) => ({
    key: row.grade,
    label: row.grade,
    value: row.median,
    above: formatInteger(row.sales),
  }));
  return (
    <figure className="chart-figure">
      <figcaption>Median sold price per grade; the number above each bar is its count of sales</figcaption>
      <div aria-hidden="true" data-testid="by-grade-chart">
        <ColumnChart columns={columns} format={formatUsdCompact} height={200} />
      </div>
    </figure>
  );
}
