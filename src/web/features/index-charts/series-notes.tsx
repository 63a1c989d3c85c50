import type { RebaseBase } from '../../components/line-chart/index-transform';
import { formatDate } from '../../lib/format';
import type { SeriesCoverage } from './index-series';

/**
 * Honest history under the chart: a series with data on fewer days than the range says how many,
 * a series with none says so, a late rebase names its day, and a log axis says what it hid.
 */
export type SeriesNotesProps = {
  names: readonly string[];
  coverage: readonly SeriesCoverage[];
  bases: readonly RebaseBase[] | null;
  rangeFrom: string;
  hiddenOnLog: number;
};

export function seriesNotes({ names, coverage, bases, rangeFrom, hiddenOnLog }: SeriesNotesProps): string[] {
  const notes: string[] = [];
  coverage.forEach((cover, index) => {
    const name = names[index] ?? '';
    if (cover.days === 0) notes.push(`${name}: no data in this range.`);
    else if (cover.days < cover.rangeDays) {
      const since = cover.first === null ? '' : `, first on ${formatDate(cover.first)}`;
      notes.push(
        `${name}: data on ${cover.days} of ${cover.rangeDays} days${since}; days without data are gaps.`,
      );
    }
    const base = bases?.[index];
    if (base != null && base.value === 0)
      notes.push(`${name}: cannot be rebased (0 on ${formatDate(base.date)}).`);
    else if (base != null && base.date !== rangeFrom)
      notes.push(`${name}: rebased to 100 on ${formatDate(base.date)}, its first day with data.`);
  });
  if (hiddenOnLog > 0)
    notes.push(`Log scale: ${hiddenOnLog} zero values cannot be placed and are left out of the drawing.`);
  return notes;
}

export function SeriesNotes(props: SeriesNotesProps) {
  const notes = seriesNotes(props);
  if (notes.length === 0) return null;
  return (
    <ul className="series-notes" aria-label="About this history" data-testid="series-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
