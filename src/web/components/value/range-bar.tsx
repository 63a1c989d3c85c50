import { formatUsd } from '../../lib/format';
import { type Domain, type PriceRange, rangePositions } from './range-scale';

export const describeRange = (range: PriceRange): string =>
  `lowest ${formatUsd(range.min)}, 25th percentile ${formatUsd(range.low)}, median ${formatUsd(range.value)}, ` +
  `75th percentile ${formatUsd(range.high)}, highest ${formatUsd(range.max)}`;

/**
 * One range drawn on a track: min-to-max whisker, p25-to-p75 box, a tick at the median.
 * Pure and CSS-drawn (percent positions), so it stays sharp at any width.
 */
export function RangeBar({ range, domain, label }: { range: PriceRange; domain: Domain; label: string }) {
  const at = rangePositions(range, domain);
  return (
    <div className="range-bar" role="img" aria-label={`${label}: ${describeRange(range)}`}>
      <span
        className="range-bar__whisker"
        style={{ left: `${at.whiskerStart}%`, width: `${at.whiskerWidth}%` }}
      />
      <span className="range-bar__cap" style={{ left: `${at.whiskerStart}%` }} />
      <span className="range-bar__cap" style={{ left: `${at.whiskerStart + at.whiskerWidth}%` }} />
      <span className="range-bar__box" style={{ left: `${at.boxStart}%`, width: `${at.boxWidth}%` }} />
      <span className="range-bar__median" style={{ left: `${at.median}%` }} />
    </div>
  );
}
