import { RAW_GRADE } from '../../../contract/grades';
import type { GradeValue } from '../../../contract/resources';
import { GradeLadderChart } from './grade-ladder-chart';
import { GradeLadderTable } from './grade-ladder-table';

/** The graded rungs whose value is below Raw's, lowest first (none without a Raw rung). */
export function gradesBelowRaw(rows: readonly GradeValue[]): string[] {
  const raw = rows.find((row) => row.grade === RAW_GRADE);
  if (raw === undefined) return [];
  return rows.filter((row) => row.grade !== RAW_GRADE && row.value < raw.value).map((row) => row.grade);
}

/** The grade ladder panel: the range chart of what sold, the figures as a table, and why Raw may sit high. */
export function GradeLadder({ rows, nextSale = true }: { rows: readonly GradeValue[]; nextSale?: boolean }) {
  if (rows.length === 0) return <p>No grade has sales in this answer.</p>;
  const below = gradesBelowRaw(rows);
  return (
    <>
      <GradeLadderChart rows={rows} />
      <GradeLadderTable rows={rows} nextSale={nextSale} />
      {below.length > 0 ? (
        <p className="field__help" data-testid="raw-above-note">
          Raw sits above {below.join(', ')} here: a raw copy offered for sale is often a well-centred one
          never sent to grading, while a low grade marks a copy off-centre, creased or worn (centring and eye
          appeal), so buyers pay less for the slab than for a clean raw copy.
        </p>
      ) : null}
    </>
  );
}
