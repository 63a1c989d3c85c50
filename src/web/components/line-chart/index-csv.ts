import type { ChartRow } from './chart-row';

/**
 * The CSV of exactly what the chart shows: the visible days (range and zoom), the visible series in
 * their order, the values as plotted (rebased when comparing), one row per day. Every day is written,
 * even where the drawing was thinned (LTTB), and a gap is an empty cell, never a made-up value.
 */
export function chartCsv(seriesNames: readonly string[], rows: readonly ChartRow[]): string {
  const header = ['date', ...seriesNames].map(csvCell).join(',');
  const lines = rows.map((row) =>
    [row.date, ...row.values.map((value) => (value === null ? '' : String(value)))].map(csvCell).join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
 * with an apostrophe, unless it is a plain number (negative values stay numbers).
 */
export function csvCell(value: string): string {
  const isNumber = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value);
  const safe = !isNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvFileName(parts: { metric: string; compare: boolean; from: string; to: string }): string {
  return `slab-index-${parts.metric}${parts.compare ? '-rebased' : ''}-${parts.from}-to-${parts.to}.csv`;
}
