import './line-chart.css';
import type { ChartSeries } from './index-tooltip';

/** Which line is which: a swatch in the series' colour and dash, and its name. */
export function IndexLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="index-legend" aria-label="Series" data-testid="index-legend">
      {series.map((spec) => (
        <li key={spec.key} className="index-legend__item">
          <svg width="24" height="10" aria-hidden="true" focusable="false">
            <line
              x1="0"
              y1="5"
              x2="24"
              y2="5"
              stroke={spec.color}
              strokeWidth="2.5"
              strokeDasharray={spec.dash}
            />
          </svg>
          {spec.name}
        </li>
      ))}
    </ul>
  );
}
