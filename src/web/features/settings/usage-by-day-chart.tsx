import type { UsageData } from '../../../contract/resources';
import { formatInteger } from '../../lib/format';

const WIDTH = 310;
const HEIGHT = 80;
const GAP = 2;

/**
 * The month's calls by day as small bars (pure: fed by props). One bar per day of the month so
 * far; the tallest day fills the height. Named for screen readers by its total and busiest day.
 */
export function UsageByDayChart({ days }: { days: UsageData['by_day'] }) {
  const most = Math.max(1, ...days.map((day) => day.calls));
  const busiest = days.reduce<UsageData['by_day'][number] | null>(
    (best, day) => (day.calls > 0 && (best === null || day.calls > best.calls) ? day : best),
    null,
  );
  const total = days.reduce((sum, day) => sum + day.calls, 0);
  const barWidth = Math.max(1, (WIDTH - GAP * (days.length - 1)) / Math.max(days.length, 1));
  const label = `Calls by day this month: ${formatInteger(total)} in ${days.length} day${days.length === 1 ? '' : 's'}${busiest ? `, most on ${busiest.date} (${formatInteger(busiest.calls)})` : ''}.`;
  return (
    <svg
      className="usage-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="usage-by-day"
      preserveAspectRatio="none"
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="usage-chart__axis" />
      {days.map((day, index) => {
        const height = day.calls === 0 ? 0 : Math.max(2, (day.calls / most) * (HEIGHT - 4));
        return (
          <rect
            key={day.date}
            className="usage-chart__bar"
            x={index * (barWidth + GAP)}
            y={HEIGHT - height}
            width={barWidth}
            height={height}
            data-calls={day.calls}
          >
            <title>{`${day.date}: ${formatInteger(day.calls)} calls`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
