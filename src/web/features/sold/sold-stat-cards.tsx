import type { GradeStat, SoldData } from '../../../contract/resources';
import { formatInteger, formatUsd } from '../../lib/format';

type Stat = { id: string; label: string; text: string };

const stats = (data: SoldData): Stat[] => [
  { id: 'sold-avg', label: 'Average', text: formatUsd(data.avg) },
  { id: 'sold-median', label: 'Median', text: formatUsd(data.median) },
  { id: 'sold-min', label: 'Lowest', text: formatUsd(data.min) },
  { id: 'sold-max', label: 'Highest', text: formatUsd(data.max) },
  { id: 'sold-sales', label: 'Sales', text: formatInteger(data.sales) },
  { id: 'sold-window', label: 'Window', text: `${formatInteger(data.window_days)} days` },
];

/**
 * The grade a mixed answer leads with: the most sales, then the higher median. Null when the answer
 * holds one grade (its figures are already single-grade).
 */
export function leadGrade(data: Pick<SoldData, 'by_grade'>): GradeStat | null {
  if (data.by_grade.length < 2) return null;
  return [...data.by_grade].sort((a, b) => b.sales - a.sales || b.median - a.median)[0] ?? null;
}

/**
 * The headline figures of a sold-comp answer: a mixed answer leads with its most traded grade's
 * median (one figure of one grade, as a collector compares), then the six figures of all grades.
 */
export function SoldStatCards({ data }: { data: SoldData }) {
  const lead = leadGrade(data);
  return (
    <>
      {lead ? (
        <p className="sold-lead" data-testid="sold-lead">
          Most traded grade, <strong>{lead.grade}</strong>: median <strong>{formatUsd(lead.median)}</strong>{' '}
          over {formatInteger(lead.sales)} sales. The figures below mix all {data.by_grade.length} grades.
        </p>
      ) : null}
      <SixFigures data={data} />
    </>
  );
}

function SixFigures({ data }: { data: SoldData }) {
  return (
    <dl className="stat-cards">
      {stats(data).map((stat) => (
        <div className="stat-card" key={stat.id}>
          <dt>{stat.label}</dt>
          <dd data-testid={stat.id}>{stat.text}</dd>
        </div>
      ))}
    </dl>
  );
}
