import type { SoldData } from '../../../contract/resources';
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

/** The six headline figures of a sold-comp answer, one card each. */
export function SoldStatCards({ data }: { data: SoldData }) {
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
