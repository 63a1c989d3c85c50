import type { IndexPoint, SalesIndexPoint } from '../../../contract/resources';
import type { ChartRow } from '../../components/line-chart/chart-row';
import { type DateRange, eachDay, toDayNumber } from './index-dates';
import type { PlannedRequest, SeriesSpec } from './index-request-plan';
import type { IndexMetric } from './index-view';

/**
 * From API answers to chart rows. One row per calendar day of the range, so a day without data is a
 * `null` (drawn as a gap, never bridged) instead of silently vanishing from a category axis.
 * `values[i]` belongs to `series[i]`.
 */
/** A day's point of a series: a listing snapshot (/v1/index) or a week's end (/v1/sales-index). */
export type SeriesPoint = IndexPoint | SalesIndexPoint;
export type PointsByDate = ReadonlyMap<string, SeriesPoint>;

/** A point's value of the metric (the sales index's `index`, or a snapshot figure). */
export function metricValue(point: SeriesPoint | undefined, metric: IndexMetric): number | null {
  if (point === undefined) return null;
  if ('index' in point) return metric === 'sales_index' ? point.index : null;
  return metric === 'sales_index' ? null : point[metric];
}

/** Sorts each answer's rows to the series its request serves (by category: an index row has no label). */
export function pointsBySeries(
  series: readonly SeriesSpec[],
  requests: readonly PlannedRequest[],
  answers: readonly (readonly SeriesPoint[] | undefined)[],
): Map<string, PointsByDate> {
  const result = new Map<string, PointsByDate>();
  requests.forEach((planned, index) => {
    const answer = answers[index];
    if (answer === undefined) return;
    for (const key of planned.serves) {
      const spec = series.find((candidate) => candidate.key === key);
      if (spec === undefined) continue;
      const byDate = new Map<string, SeriesPoint>();
      for (const point of answer) if (point.category === spec.category) byDate.set(point.date, point);
      result.set(key, byDate);
    }
  });
  return result;
}

/** The latest date any series has: the bound of presets and custom dates. */
export function latestDate(points: ReadonlyMap<string, PointsByDate>): string | null {
  let latest: string | null = null;
  for (const byDate of points.values()) {
    for (const date of byDate.keys()) if (latest === null || date > latest) latest = date;
  }
  return latest;
}

export function assembleRows(
  series: readonly SeriesSpec[],
  points: ReadonlyMap<string, PointsByDate>,
  metric: IndexMetric,
  range: DateRange,
): ChartRow[] {
  const lookups = series.map((spec) => points.get(spec.key));
  const rows = eachDay(range.from, range.to).map((date) => ({
    date,
    t: toDayNumber(date),
    values: lookups.map((byDate) => metricValue(byDate?.get(date), metric)),
  }));
  // The sales index is weekly: one row per week's end, so that its line joins its points.
  return metric === 'sales_index' ? rows.filter((row) => row.values.some((value) => value !== null)) : rows;
}

/** How much history each series really has in the range: the page says so when it is short. */
export type SeriesCoverage = { days: number; rangeDays: number; first: string | null; last: string | null };

export function coverageOf(rows: readonly ChartRow[], seriesCount: number): SeriesCoverage[] {
  return Array.from({ length: seriesCount }, (_, index) => {
    let days = 0;
    let first: string | null = null;
    let last: string | null = null;
    for (const row of rows) {
      if (row.values[index] === null || row.values[index] === undefined) continue;
      days += 1;
      first ??= row.date;
      last = row.date;
    }
    return { days, rangeDays: rows.length, first, last };
  });
}

/** The rows between two dates (the brush's zoom), both included. */
export const sliceRows = (rows: readonly ChartRow[], window: DateRange | null): ChartRow[] =>
  window === null ? [...rows] : rows.filter((row) => row.date >= window.from && row.date <= window.to);
