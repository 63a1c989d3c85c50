import type { GradeValue } from '../../../contract/resources';
import { GradeLadderChart } from './grade-ladder-chart';
import { GradeLadderTable } from './grade-ladder-table';

/** The grade ladder panel: the range chart of what sold, then the figures as a table. */
export function GradeLadder({ rows, nextSale = true }: { rows: readonly GradeValue[]; nextSale?: boolean }) {
  if (rows.length === 0) return <p>No grade has sales in this answer.</p>;
  return (
    <>
      <GradeLadderChart rows={rows} />
      <GradeLadderTable rows={rows} nextSale={nextSale} />
    </>
  );
}
