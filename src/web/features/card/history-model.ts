import type { HistoryPoint } from '../../../contract/resources';
import { logTicks } from '../../components/line-chart/log-ticks';
import { CHART_FALLBACKS } from '../../components/line-chart/series-style';
import { csvFile, csvFileName } from '../../lib/csv-file';
import type { HistoryRange } from './card-url';

const DAY_MS = 86_400_000;

/** `date` minus `months` calendar months plus one day (the day clamped to the month's length), UTC. */
function dayAfterMonthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  const start = Date.UTC(year, month - 1 - months, Math.min(day, lastDay));
  return new Date(start + DAY_MS).toISOString().slice(0, 10);
}

/** A colour per grade line, from the chart tokens `--chart-1..10` (with the index charts' fallbacks). */
const COLOURS = CHART_FALLBACKS;
export const lineColour = (index: number): string =>
  `var(--chart-${(index % COLOURS.length) + 1}, ${COLOURS[index % COLOURS.length]})`;

/** The dates of a range preset ending on `to` (the as-of date): at most 1,096 days, as the API takes. */
export function historyRange(range: HistoryRange, to: string): { from: string; to: string } {
  const months = { '3M': 3, '6M': 6, '1Y': 12, '3Y': 36 }[range];
  return { from: dayAfterMonthsBefore(to, months), to };
}

/** One grade's line: its points by period. */
export interface GradeLine {
  grade: string;
  points: HistoryPoint[];
}

/** The series as one line per grade, grades in the order of their first appearance sorted by name. */
export function gradeLines(series: readonly HistoryPoint[]): GradeLine[] {
  const byGrade = new Map<string, HistoryPoint[]>();
  for (const point of series) {
    const points = byGrade.get(point.grade);
    if (points === undefined) byGrade.set(point.grade, [point]);
    else points.push(point);
  }
  return [...byGrade.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([grade, points]) => ({ grade, points }));
}

/** Every period of the series, ascending, once. */
export const periodsOf = (series: readonly HistoryPoint[]): string[] =>
  [...new Set(series.map((point) => point.period_start))].sort();

/** The CSV of what the chart shows: one row per period and grade. */
export function historyCsv(title: string, series: readonly HistoryPoint[]): string {
  return csvFile(
    ['card', 'period_start', 'grade', 'median', 'low', 'high', 'min', 'max', 'sales'],
    series.map((point) => [
      title,
      point.period_start,
      point.grade,
      point.median,
      point.low,
      point.high,
      point.min,
      point.max,
      point.sales,
    ]),
  );
}

/** The history file's name: the card, the grade (or all grades), the range. */
export const historyCsvName = (title: string, grade: string, from: string, to: string): string =>
  csvFileName(['history', title, grade || 'all grades', from, 'to', to]);

/** A y scale (linear or log) of [min, max] to [height, 0], with a few tick values. */
export function priceScale(min: number, max: number, height: number, log: boolean) {
  const low = log ? Math.log(Math.max(min, 0.01)) : Math.min(0, min);
  const high = log ? Math.log(Math.max(max, 0.01)) : max;
  const span = high - low || 1;
  const pad = log ? span * 0.05 : 0;
  const lo = low - pad;
  const hi = high + pad + (log ? 0 : span * 0.05);
  const y = (value: number) => {
    const v = log ? Math.log(Math.max(value, 0.01)) : value;
    return height - ((v - lo) / (hi - lo)) * height;
  };
  // Log: round 1-2-5 values, at least three (log-ticks.ts); linear: four evenly spaced.
  const ticks = log
    ? logTicks([Math.exp(lo), Math.exp(hi)])
    : Array.from({ length: 4 }, (_, i) => lo + ((hi - lo) * (i + 0.5)) / 4);
  return { y, ticks };
}
