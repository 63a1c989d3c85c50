import { type CsvValue, csvFile, csvFileName } from '../../lib/csv-file';
import type { ChartRow } from './chart-row';

/**
 * The CSV of exactly what the chart shows: the visible days (range and zoom), the visible series in
 * their order, the values as plotted (rebased when comparing), one row per day. Every day is written,
 * even where the drawing was thinned (LTTB), and a gap is an empty cell, never a made-up value.
 */
export function chartCsv(seriesNames: readonly string[], rows: readonly ChartRow[]): string {
  return csvFile(
    ['date', ...seriesNames],
    rows.map((row): CsvValue[] => [row.date, ...row.values]),
  );
}

/** The index chart's file: the metric, rebased or not, the series when few, the range. */
export function indexCsvName(parts: {
  metric: string;
  compare: boolean;
  series: readonly string[];
  from: string;
  to: string;
}): string {
  const series = parts.series.length <= 3 ? parts.series : [`${parts.series.length} series`];
  return csvFileName([
    'slab-index',
    parts.metric,
    parts.compare ? 'rebased' : '',
    ...series,
    parts.from,
    'to',
    parts.to,
  ]);
}
