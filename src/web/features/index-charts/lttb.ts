import type { ChartRow } from '../../components/line-chart/chart-row';

/**
 * Largest-Triangle-Three-Buckets (Steinarsson, 2013) for rows that share one date axis: above the
 * chart's pixel width there are more points than pixels, so the rows are thinned to `threshold`
 * while keeping the shape (peaks and troughs survive; first and last rows always stay). Nothing is
 * truncated: every part of the range keeps representatives.
 *
 * With several series, each candidate row scores the sum of its triangle areas over the series,
 * each series normalised to its own extent so a large series does not drown a small one. A gap is
 * kept: when no kept row falls inside a run of missing days, the run's first row is added back,
 * so the line still breaks there (the result can then exceed `threshold` by the number of gaps).
 */
export function lttbIndices(rows: readonly ChartRow[], threshold: number): number[] {
  const n = rows.length;
  if (threshold >= n || n <= 2) return rows.map((_, index) => index);
  const target = Math.max(3, Math.floor(threshold));
  const ys = normalised(rows);
  const kept: number[] = [0];
  const bucketSize = (n - 2) / (target - 2);
  let previous = 0;
  for (let bucket = 0; bucket < target - 2; bucket += 1) {
    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.min(Math.floor((bucket + 1) * bucketSize) + 1, n - 1);
    const next = nextBucketAverage(rows, ys, end, Math.min(Math.floor((bucket + 2) * bucketSize) + 1, n));
    let best = start;
    let bestArea = -1;
    for (let candidate = start; candidate < end; candidate += 1) {
      const area = triangleArea(rows, ys, previous, candidate, next);
      if (area > bestArea) {
        bestArea = area;
        best = candidate;
      }
    }
    kept.push(best);
    previous = best;
  }
  kept.push(n - 1);
  return withGaps(rows, kept);
}

export const downsampleRows = (rows: readonly ChartRow[], threshold: number): ChartRow[] =>
  lttbIndices(rows, threshold).map((index) => rows[index]!);

function normalised(rows: readonly ChartRow[]): (number | null)[][] {
  const count = rows[0]?.values.length ?? 0;
  const extents = Array.from({ length: count }, (_, series) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      const value = row.values[series];
      if (value == null) continue;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    return { min, span: max > min ? max - min : 1 };
  });
  return rows.map((row) =>
    row.values.map((value, series) =>
      value == null ? null : (value - extents[series]!.min) / extents[series]!.span,
    ),
  );
}

type Average = { t: number; ys: (number | null)[] };

function nextBucketAverage(
  rows: readonly ChartRow[],
  ys: (number | null)[][],
  from: number,
  to: number,
): Average {
  const end = Math.max(to, from + 1);
  const count = ys[0]?.length ?? 0;
  let t = 0;
  const sums = new Array<number>(count).fill(0);
  const counts = new Array<number>(count).fill(0);
  for (let index = from; index < end; index += 1) {
    t += rows[index]!.t;
    ys[index]!.forEach((value, series) => {
      if (value === null) return;
      sums[series]! += value;
      counts[series]! += 1;
    });
  }
  return {
    t: t / (end - from),
    ys: sums.map((sum, series) => (counts[series]! > 0 ? sum / counts[series]! : null)),
  };
}

function triangleArea(
  rows: readonly ChartRow[],
  ys: (number | null)[][],
  a: number,
  b: number,
  next: Average,
): number {
  const ta = rows[a]!.t;
  const tb = rows[b]!.t;
  let area = 0;
  ys[b]!.forEach((yb, series) => {
    const ya = ys[a]![series];
    const yc = next.ys[series];
    if (yb === null || ya == null || yc == null) return;
    area += Math.abs((ta - next.t) * (yb - ya) - (ta - tb) * (yc - ya)) / 2;
  });
  return area;
}

/** Adds back the first row of every run of missing values that no kept row falls into. */
function withGaps(rows: readonly ChartRow[], kept: number[]): number[] {
  const keep = new Set(kept);
  const count = rows[0]?.values.length ?? 0;
  for (let series = 0; series < count; series += 1) {
    let runStart = -1;
    let runHasKept = false;
    let seenValue = false;
    rows.forEach((row, index) => {
      if (row.values[series] == null) {
        if (runStart === -1) {
          runStart = index;
          runHasKept = false;
        }
        runHasKept ||= keep.has(index);
        return;
      }
      if (runStart !== -1 && seenValue && !runHasKept) keep.add(runStart);
      runStart = -1;
      seenValue = true;
    });
  }
  return [...keep].sort((a, b) => a - b);
}
