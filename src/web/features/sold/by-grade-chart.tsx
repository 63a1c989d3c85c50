import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import type { GradeStat } from '../../../contract/resources';
import { formatInteger, formatUsdCompact } from '../../lib/format';
import { inGradeOrder } from '../value/grade-order';

const salesLabel = (sales: unknown): string => formatInteger(Number(sales));

/**
 * The median sold price per grade, each bar labelled with its count of sales. Pure: fed by props.
 * The chart is a picture of the table beside it, so assistive technology reads the table instead.
 */
export function ByGradeChart({ rows }: { rows: readonly GradeStat[] }) {
  const data = inGradeOrder(rows);
  return (
    <figure className="chart-figure">
      <figcaption>Median sold price per grade; the number above each bar is its count of sales</figcaption>
      <div aria-hidden="true">
        <BarChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: '100%', height: 260 }}
          margin={{ top: 24, right: 8, bottom: 8, left: 8 }}
        >
          <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
          <XAxis dataKey="grade" tick={{ fill: 'var(--color-text-muted)' }} />
          <YAxis
            width={56}
            tickFormatter={(value: number) => formatUsdCompact(value)}
            tick={{ fill: 'var(--color-text-muted)' }}
          />
          <Bar dataKey="median" name="Median" fill="var(--chart-1)" isAnimationActive={false}>
            <LabelList dataKey="sales" position="top" formatter={salesLabel} fill="var(--color-text)" />
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}
