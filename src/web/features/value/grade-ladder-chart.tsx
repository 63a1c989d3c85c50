import type { GradeValue } from '../../../contract/resources';
import { RangeBar } from '../../components/value/range-bar';
import { priceAt, sharedDomain } from '../../components/value/range-scale';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatUsdCompact } from '../../lib/format';

/** The ladder as a range chart: every grade on one shared price scale, grades in natural order. */
export function GradeLadderChart({ rows }: { rows: readonly GradeValue[] }) {
  const ordered = inGradeOrder(rows);
  const domain = sharedDomain(ordered);
  return (
    <figure className="ladder-chart">
      <figcaption>
        Price range per grade, on one {domain.scale === 'log' ? 'logarithmic ' : ''}scale: box from the 25th
        to the 75th percentile, tick at the median, whiskers to the lowest and highest sale
      </figcaption>
      <ul className="ladder-chart__rows">
        {ordered.map((row) => (
          <li key={row.grade} className="ladder-chart__row">
            <span className="ladder-chart__grade">{row.grade}</span>
            <RangeBar range={row} domain={domain} label={row.grade} />
          </li>
        ))}
      </ul>
      <p className="ladder-chart__axis" aria-hidden="true">
        <span>{formatUsdCompact(domain.from)}</span>
        <span>{formatUsdCompact(priceAt(50, domain))}</span>
        <span>{formatUsdCompact(domain.to)}</span>
      </p>
    </figure>
  );
}
