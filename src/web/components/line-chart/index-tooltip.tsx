import { formatDate } from '../../lib/format';
import type { ChartRow } from './chart-row';
import type { SeriesStyle } from './series-style';

export type ChartSeries = SeriesStyle & { key: string; name: string };

/**
 * Every series at the hovered date, in legend order, "no data" where a series has a gap that day.
 * Pure: the chart hands it the hovered row.
 */
export function IndexTooltip({
  row,
  series,
  format,
}: {
  row: ChartRow | undefined;
  series: readonly ChartSeries[];
  format: (value: number) => string;
}) {
  if (row === undefined) return null;
  return (
    <div className="index-tooltip" data-testid="index-tooltip" data-date={row.date}>
      <p className="index-tooltip__date">{formatDate(row.date)}</p>
      <table className="index-tooltip__table">
        <tbody>
          {series.map((spec, index) => {
            const value = row.values[index] ?? null;
            return (
              <tr key={spec.key} data-testid="index-tooltip-row" data-series={spec.name}>
                <th scope="row">
                  <span
                    className="index-tooltip__swatch"
                    style={{ background: spec.color }}
                    aria-hidden="true"
                  />
                  {spec.name}
                </th>
                <td className={value === null ? 'index-tooltip__gap' : undefined}>
                  {value === null ? 'no data' : format(value)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
