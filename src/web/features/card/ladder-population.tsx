import type { GradeValue } from '../../../contract/resources';
import { formatDate, formatInteger } from '../../lib/format';

export interface RungCounts {
  population: number;
  higher: number | null;
  asOf: string | null;
}

/** Each rung's population counts by grade, from a one-card `/v3/value` answer; rungs without a count are left out. */
export function rungCounts(rows: readonly GradeValue[] | undefined): ReadonlyMap<string, RungCounts> {
  const counts = new Map<string, RungCounts>();
  for (const row of rows ?? []) {
    if (row.population == null) continue;
    counts.set(row.grade, {
      population: row.population,
      higher: row.population_higher ?? null,
      asOf: row.population_as_of ?? null,
    });
  }
  return counts;
}

/** Beside a rung's grade: "121 graded, 0 higher"; nothing without a count. */
export function RungPopulation({ counts }: { counts: RungCounts | undefined }) {
  if (counts === undefined) return null;
  return (
    <span className="card-view__rung-note" data-testid="rung-population">
      {formatInteger(counts.population)} graded
      {counts.higher === null ? '' : `, ${formatInteger(counts.higher)} higher`}
    </span>
  );
}

/** The date of the newest report among the rungs' counts, or null. */
export const reportDate = (counts: ReadonlyMap<string, RungCounts>): string | null =>
  [...counts.values()].reduce<string | null>(
    (latest, { asOf }) => (asOf !== null && (latest === null || asOf > latest) ? asOf : latest),
    null,
  );

/** Under the ladder: where the graded counts come from, and the report's date when the answer gives one. */
export function LadderPopulationNote({ asOf, synthetic }: { asOf: string | null; synthetic: boolean }) {
  return (
    <p className="card-view__note" data-testid="ladder-population-note">
      Graded: copies in the grader's population report
      {asOf === null ? '' : ` of ${formatDate(asOf)}`}
      {synthetic ? ', synthetic in the demo' : ''}; higher: that grader's copies above the grade.
    </p>
  );
}
