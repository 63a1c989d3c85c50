import type { GradeValue } from '../../../contract/resources';
import { formatUsd } from '../../lib/format';
import { inGradeOrder } from '../sold/grade-order';
import { RangeBar } from './range-bar';
import { sharedDomain } from './range-scale';

/** The ladder as a range chart: every grade on one shared price scale, grades in natural order. */
export function GradeLadderChart({ rows }: { rows: readonly GradeValue[] }) {
  const ordered = inGradeOrder(rows);
  const domain = sharedDomain(ordered);
  return (
    <figure className="ladder-chart">
      <figcaption>Price range per grade, on one scale</figcaption>
      <ul className="ladder-chart__rows">
        {ordered.map((row) => (
          <li key={row.grade} className="ladder-chart__row">
            <span className="ladder-chart__grade">{row.grade}</span>
            <RangeBar range={row} domain={domain} label={row.grade} />
          </li>
        ))}
      </ul>
      <p className="ladder-chart__axis">
        <span>{formatUsd(domain.from)}</span>
        <span>{formatUsd(domain.to)}</span>
      </p>
    </figure>
  );
}
