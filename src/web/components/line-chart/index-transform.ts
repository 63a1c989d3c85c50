import type { ChartRow } from './chart-row';

/**
 * Compare mode: every series divided by its value on the first day of the range and times 100, so
 * series of very different prices share one axis. A series without data on that day is rebased on its
 * first day with data, and the page says which day; a base of 0 cannot be rebased (the series is
 * left empty and the page says so). Values are rounded to 2 decimals: what is drawn is what the
 * tooltip and the CSV show.
 */
export type RebaseBase = { date: string; value: number } | null;

export function rebaseRows(
  rows: readonly ChartRow[],
  seriesCount: number,
): { rows: ChartRow[]; bases: RebaseBase[] } {
  const bases: RebaseBase[] = Array.from({ length: seriesCount }, (_, index) => {
    const row = rows.find((candidate) => candidate.values[index] != null);
    const value = row?.values[index];
    return row === undefined || value == null ? null : { date: row.date, value };
  });
  const rebased = rows.map((row) => ({
    ...row,
    values: row.values.map((value, index) => {
      const base = bases[index];
      if (value === null || base == null || base.value === 0) return null;
      return Math.round((value / base.value) * 10_000) / 100;
    }),
  }));
  return { rows: rebased, bases };
}

/**
 * A log axis cannot place 0 or a negative value: they become gaps, counted so the page can say how
 * many were left out, never silently.
 */
export function logSafeRows(rows: readonly ChartRow[]): { rows: ChartRow[]; hidden: number } {
  let hidden = 0;
  const safe = rows.map((row) => ({
    ...row,
    values: row.values.map((value) => {
      if (value === null || value > 0) return value;
      hidden += 1;
      return null;
    }),
  }));
  return { rows: safe, hidden };
}

/** The y domain: `auto` for a linear axis (nice ticks, line-scale.ts); the positive extent, padded, for a log axis. */
export function yDomain(
  rows: readonly ChartRow[],
  scale: 'linear' | 'log',
): [number, number] | ['auto', 'auto'] {
  if (scale === 'linear') return ['auto', 'auto'];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    for (const value of row.values) {
      if (value === null || value <= 0) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  if (!Number.isFinite(min)) return [1, 10];
  return [min / 1.1, max * 1.1];
}
