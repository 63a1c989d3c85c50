import type { ChartRow } from './chart-row';

/**
 * The geometry of the line charts, drawn as plain SVG (index-chart.tsx, the index page's brush):
 * a scale maps a value to a pixel, and each series is one path whose `M` starts every run of days
 * with data, so a gap stays a gap. Pure functions, tested on their own.
 */
export type Scale = { (value: number): number; domain: readonly [number, number] };

/** A linear scale from the domain onto [from, to] pixels; a flat domain maps to the middle. */
export function linearScale(domain: readonly [number, number], from: number, to: number): Scale {
  const [d0, d1] = domain;
  const span = d1 - d0;
  const scale = (value: number) =>
    span === 0 ? (from + to) / 2 : from + ((value - d0) / span) * (to - from);
  return Object.assign(scale, { domain });
}

/** A log10 scale (positive domain) onto [from, to] pixels. */
export function logScale(domain: readonly [number, number], from: number, to: number): Scale {
  const inner = linearScale([Math.log10(domain[0]), Math.log10(domain[1])], from, to);
  return Object.assign((value: number) => inner(Math.log10(value)), { domain });
}

/** The smallest and largest value of every series (null when there is none). */
export function valueExtent(rows: readonly ChartRow[]): [number, number] | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    for (const value of row.values) {
      if (value === null || !Number.isFinite(value)) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return Number.isFinite(min) ? [min, max] : null;
}

/**
 * "Nice" ticks of a linear axis: about `count` steps of 1, 2, 2.5 or 5 times a power of ten, the
 * domain widened to the first tick at or below the smallest value and the last at or above the
 * largest (as recharts' `auto` domain did). A flat extent gets a step around its value.
 */
export function niceTicks(
  extent: readonly [number, number],
  count = 5,
): { domain: [number, number]; ticks: number[] } {
  let [min, max] = extent;
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) / 10;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const first = Math.floor(min / step);
  const last = Math.ceil(max / step);
  const ticks: number[] = [];
  // Rounded through text, so 3 * 0.1 is 0.3, not 0.30000000000000004.
  for (let i = first; i <= last; i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return { domain: [ticks[0] ?? min, ticks.at(-1) ?? max], ticks };
}

/**
 * One series as an SVG path: `M` at the first day of each run with data, `L` to the next days of
 * the run (a run of one day draws nothing, as recharts did).
 */
export function linePath(
  rows: readonly ChartRow[],
  index: number,
  x: (t: number) => number,
  y: (value: number) => number,
): string {
  const parts: string[] = [];
  let run = 0;
  for (const row of rows) {
    const value = row.values[index];
    if (value == null || !Number.isFinite(y(value))) {
      run = 0;
      continue;
    }
    const px = round(x(row.t));
    const py = round(y(value));
    parts.push(`${run === 0 ? 'M' : 'L'}${px},${py}`);
    run += 1;
  }
  return parts.join('');
}

const round = (value: number) => Math.round(value * 10) / 10;
