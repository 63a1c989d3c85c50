import { GRADE_CODE_SPAN } from '../store/market-reader';
import type { SaleSample } from './sale-columns';
import { type PriceSummary, selectInPlace, summarizeWholeRange } from './stats';

/**
 * A sample's summary overall and per grade, without sorting its prices: percentiles are order
 * statistics, found by selection (stats.ts, percentilesInPlace) on whole cents, the same numbers
 * as sorting them. Why: a broad query's year holds hundreds of thousands of sales, and sorting
 * them would be most of a q-driven call's time (docs/bench/cards.md).
 */
export interface GradeSummary {
  code: number;
  grade: string;
  /** Dollars. */
  summary: PriceSummary;
}

export interface GradeSummaries {
  /** Every sale of the sample together (dollars); null for an empty sample. */
  all: PriceSummary | null;
  /** Each grade with a sale, in ladder order (Raw first, then by grade number, then grader: code order). */
  grades: GradeSummary[];
  /** The summary of each grade code (null without a sale). */
  byCode: (PriceSummary | null)[];
}

/**
 * The summaries of the sample's sales; with `only`, of the sales whose grade code has a non-zero
 * flag there (and no overall summary).
 */
export function gradeSummaries(sample: SaleSample, only?: Uint8Array): GradeSummaries {
  const rows = { from: Int32Array.of(0), to: Int32Array.of(sample.n) };
  const filter = { minCents: -1, maxCents: Number.POSITIVE_INFINITY, gradeCode: null, only };
  return (
    (sample.n >= BUCKETS_FROM_ROWS
      ? summarizeRows(sample.packed, rows, filter, sample.gradeOfCode, only === undefined)
      : null) ?? groupedSummaries(sample, only)
  );
}

/** gradeSummaries by grouping the sales (groupByGrade): any cents, past $42.9 million too. */
export function groupedSummaries(sample: SaleSample, only?: Uint8Array): GradeSummaries {
  const groups = groupByGrade(sample, only);
  const { grades, byCode } = summarizeGrades(groups);
  return { all: only === undefined ? summarizeAll(groups) : null, grades, byCode };
}

/** Which packed sales (cents * 128 + grade code) of the rows count. */
export interface PackedFilter {
  minCents: number;
  maxCents: number;
  /** Only this grade code (null: any). */
  gradeCode: number | null;
  /** Only the grade codes with a non-zero flag here. */
  only?: Uint8Array | undefined;
}

/**
 * gradeSummaries of the packed sales `packed[from[r] .. to[r])` that pass `filter` (the sale
 * columns' rows of a window, or a sample), with the overall summary when `withAll`; null when a
 * price reaches $42.9 million (2^32 cents: the caller groups them instead). Callers group fewer
 * rows than BUCKETS_FROM_ROWS too. Two passes over the
 * rows and nothing copied but the few buckets that hold a percentile: the first counts each
 * grade's sales per price bucket (`bucketOfWhole`) with their sum, min and max; the
 * second copies out the buckets of each grade's (and the overall) percentiles, which are then
 * sorted. The same numbers as sorting every price: percentiles are order statistics of whole cents
 * and sums of whole cents are exact. It costs about half the CPU of gathering, grouping and
 * selecting per rank on a broad query (docs/bench/speed-pieces.md).
 */
export function summarizeRows(
  packed: Float64Array,
  rows: { from: Int32Array; to: Int32Array },
  filter: PackedFilter,
  gradeOfCode: readonly string[],
  withAll: boolean,
): GradeSummaries | null {
  const keep = keptCodes(filter);
  const hist = new Int32Array(GRADE_CODE_SPAN * WHOLE_BUCKETS);
  const count = new Int32Array(GRADE_CODE_SPAN);
  const sum = new Float64Array(GRADE_CODE_SPAN);
  const min = new Float64Array(GRADE_CODE_SPAN).fill(Number.POSITIVE_INFINITY);
  const max = new Float64Array(GRADE_CODE_SPAN);
  let largest = 0;
  for (let r = 0; r < rows.from.length; r += 1) {
    const from = rows.from[r] as number;
    const to = rows.to[r] as number;
    const most = countRows(packed, from, to, filter, keep, hist, count, sum, min, max);
    if (most > largest) largest = most;
  }
  if (largest >= 2 ** 32) return null;
  // Each grade's percentile ranks, then the overall ones, as the buckets (and places in them) that
  // hold them; `hist` then becomes the map from grade code and bucket to the copy of that bucket.
  const codes: number[] = [];
  let n = 0;
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    if ((count[code] as number) === 0) continue;
    codes.push(code);
    n += count[code] as number;
  }
  if (!(largest * n < 2 ** 53)) return null;
  const copies = new BucketCopies();
  const gradeRanks = codes.map((code) =>
    copies.ranksOf(hist.subarray(code * WHOLE_BUCKETS), code * WHOLE_BUCKETS, count[code] as number),
  );
  const allHist = new Int32Array(WHOLE_BUCKETS);
  if (withAll && n > 0) {
    for (const code of codes) {
      const row = code * WHOLE_BUCKETS;
      for (let b = 0; b < WHOLE_BUCKETS; b += 1)
        allHist[b] = (allHist[b] as number) + (hist[row + b] as number);
    }
  }
  // The overall buckets' keys follow the grades'.
  const allKeys = GRADE_CODE_SPAN * WHOLE_BUCKETS;
  const allRanks = withAll && n > 0 ? copies.ranksOf(allHist, allKeys, n) : null;
  const copyOf = copies.slots(allKeys + WHOLE_BUCKETS);
  const buffer = new Uint32Array(copies.total);
  const fill = Int32Array.from(copies.starts);
  for (let r = 0; r < rows.from.length; r += 1) {
    const from = rows.from[r] as number;
    const to = rows.to[r] as number;
    copyRows(packed, from, to, filter, keep, copyOf, allKeys, buffer, fill);
  }
  copies.order(buffer);
  /** The summary of one grade code's sales, or of all (null). */
  const summaryOf = (ranks: RankPlaces, code: number | null): PriceSummary => {
    const total = code === null ? n : (count[code] as number);
    const at = (j: number) => buffer[ranks[j] as number] as number;
    const percentile = (j: number, fraction: number) => {
      const rank = (total - 1) * fraction;
      const low = at(j);
      return low + (rank - Math.floor(rank)) * (at(j + 1) - low);
    };
    let centsSum = 0;
    let least = Number.POSITIVE_INFINITY;
    let most = 0;
    for (const c of code === null ? codes : [code]) {
      centsSum += sum[c] as number;
      least = Math.min(least, min[c] as number);
      most = Math.max(most, max[c] as number);
    }
    return inDollars({
      n: total,
      min: least,
      max: most,
      avg: centsSum / total,
      p25: percentile(0, 0.25),
      median: percentile(2, 0.5),
      p75: percentile(4, 0.75),
    });
  };
  const grades: GradeSummary[] = [];
  const byCode: (PriceSummary | null)[] = new Array(GRADE_CODE_SPAN).fill(null);
  codes.forEach((code, k) => {
    const summary = summaryOf(gradeRanks[k] as RankPlaces, code);
    byCode[code] = summary;
    grades.push({ code, grade: gradeOfCode[code] as string, summary });
  });
  return { all: allRanks === null ? null : summaryOf(allRanks, null), grades, byCode };
}

/**
 * Price buckets of whole cents below 2^32 in ascending order of value: 0 to 63 each their own,
 * then 32 per power of two (each about 3 % of its prices wide), 896 in all.
 */
const WHOLE_BUCKETS = 64 + 26 * 32;

/**
 * Fewer rows than this are grouped instead (groupedSummaries): the buckets cost the same whatever
 * the rows (two tables of 128 x 896 to clear and walk), more than grouping a few thousand sales.
 */
export const BUCKETS_FROM_ROWS = 2_000;
const bucketOfWhole = (cents: number): number => {
  if (cents < 64) return cents;
  const top = 31 - Math.clz32(cents);
  return 64 + (top - 6) * 32 + ((cents >>> (top - 5)) & 31);
};

/** The grade codes the filter keeps: a flag each. */
function keptCodes(filter: PackedFilter): Uint8Array {
  const keep = filter.only === undefined ? new Uint8Array(GRADE_CODE_SPAN).fill(1) : filter.only.slice();
  if (filter.gradeCode !== null) {
    for (let code = 0; code < keep.length; code += 1) if (code !== filter.gradeCode) keep[code] = 0;
  }
  return keep;
}

/**
 * summarizeRows' first pass over packed[from..to): counts, sums, min and max per grade code, and
 * the histogram of each grade code's prices; returns the largest price in cents (0 for none). Its
 * own small function: V8 keeps it optimised, where the same loop inside summarizeRows ran 3 times
 * slower.
 */
function countRows(
  packed: Float64Array,
  from: number,
  to: number,
  filter: PackedFilter,
  keep: Uint8Array,
  hist: Int32Array,
  count: Int32Array,
  sum: Float64Array,
  min: Float64Array,
  max: Float64Array,
): number {
  const { minCents, maxCents } = filter;
  let largest = 0;
  for (let i = from; i < to; i += 1) {
    const sale = packed[i] as number;
    const cents = Math.floor(sale / GRADE_CODE_SPAN);
    const code = (sale - cents * GRADE_CODE_SPAN) | 0;
    if (keep[code] === 0 || cents < minCents || cents > maxCents) continue;
    if (cents > largest) largest = cents;
    const key = code * WHOLE_BUCKETS + bucketOfWhole(cents);
    hist[key] = (hist[key] as number) + 1;
    count[code] = (count[code] as number) + 1;
    sum[code] = (sum[code] as number) + cents;
    if (cents < (min[code] as number)) min[code] = cents;
    if (cents > (max[code] as number)) max[code] = cents;
  }
  return largest;
}

/**
 * summarizeRows' second pass over packed[from..to): copies each kept price whose grade's bucket,
 * or whose overall bucket (key `allKeys` + bucket), has a copy (`copyOf`, -1: none) into it.
 */
function copyRows(
  packed: Float64Array,
  from: number,
  to: number,
  filter: PackedFilter,
  keep: Uint8Array,
  copyOf: Int32Array,
  allKeys: number,
  buffer: Uint32Array,
  fill: Int32Array,
): void {
  const { minCents, maxCents } = filter;
  for (let i = from; i < to; i += 1) {
    const sale = packed[i] as number;
    const cents = Math.floor(sale / GRADE_CODE_SPAN);
    const code = (sale - cents * GRADE_CODE_SPAN) | 0;
    if (keep[code] === 0 || cents < minCents || cents > maxCents) continue;
    const bucket = bucketOfWhole(cents);
    const mine = copyOf[code * WHOLE_BUCKETS + bucket] as number;
    if (mine !== -1) {
      buffer[fill[mine] as number] = cents;
      fill[mine] = (fill[mine] as number) + 1;
    }
    const every = copyOf[allKeys + bucket] as number;
    if (every !== -1) {
      buffer[fill[every] as number] = cents;
      fill[every] = (fill[every] as number) + 1;
    }
  }
}

/** The places in the copied buckets of the ranks of p25, p50 and p75 and the rank after each. */
type RankPlaces = Int32Array;

/** Past this many sales a copied bucket's ranks are selected, not sorted. */
const SORT_BUCKET_BELOW = 4096;

/**
 * The buckets summarizeRows copies: each histogram row's buckets that hold a percentile, a slot
 * each in one buffer (`starts`, `total`), and the places of the ranks in it once it is ordered.
 */
class BucketCopies {
  starts: number[] = [];
  total = 0;
  private keys: number[] = [];
  /** The ranks asked of each copy, as offsets in it (ascending). */
  private offsets: number[][] = [];

  /**
   * The places of the six ranks of `n` sales counted per bucket in `hist` (from its start), whose
   * bucket b is key `keyBase + b`.
   */
  ranksOf(hist: Int32Array, keyBase: number, n: number): RankPlaces {
    const places = new Int32Array(6);
    let bucket = 0;
    let before = 0;
    let copy = -1;
    [0.25, 0.5, 0.75].forEach((fraction, j) => {
      const lower = Math.floor((n - 1) * fraction);
      [lower, Math.min(n - 1, lower + 1)].forEach((rank, upper) => {
        while (before + (hist[bucket] as number) <= rank) {
          before += hist[bucket] as number;
          bucket += 1;
          copy = -1;
        }
        if (copy === -1) {
          copy = this.keys.length;
          this.keys.push(keyBase + bucket);
          this.starts.push(this.total);
          this.offsets.push([]);
          this.total += hist[bucket] as number;
        }
        (this.offsets[copy] as number[]).push(rank - before);
        places[2 * j + upper] = (this.starts[copy] as number) + rank - before;
      });
    });
    return places;
  }

  /** The map from histogram key to copy (-1: none). */
  slots(size: number): Int32Array {
    const slots = new Int32Array(size).fill(-1);
    this.keys.forEach((key, copy) => {
      slots[key] = copy;
    });
    return slots;
  }

  /** Orders each copy of `buffer` enough that its ranks hold what they would hold sorted. */
  order(buffer: Uint32Array): void {
    this.starts.forEach((start, copy) => {
      const end = copy + 1 < this.starts.length ? (this.starts[copy + 1] as number) : this.total;
      if (end - start < SORT_BUCKET_BELOW) {
        buffer.subarray(start, end).sort();
        return;
      }
      // Many sales at nearly one price: select the ranks, ascending, each right of the last.
      let placed = start;
      for (const offset of this.offsets[copy] as number[]) {
        selectInPlace(buffer, placed, end, start + offset);
        placed = start + offset;
      }
    });
  }
}

/**
 * The sample's sales as whole cents grouped by grade code: grade code c's are
 * cents[start[c] .. start[c] + count[c]). Three steps (group, each grade, all) that a caller may
 * run with a yield between them (sold.ts): each is one pass or selection over the sales.
 */
export interface GradeGroups {
  cents: Uint32Array | Float64Array;
  count: Int32Array;
  start: Int32Array;
  gradeOfCode: readonly string[];
}

export function groupByGrade(sample: SaleSample, only?: Uint8Array): GradeGroups {
  const count = new Int32Array(GRADE_CODE_SPAN);
  let maxCents = 0;
  let n = 0;
  for (let i = 0; i < sample.n; i += 1) {
    const packed = sample.packed[i] as number;
    const cents = Math.floor(packed / GRADE_CODE_SPAN);
    const code = packed - cents * GRADE_CODE_SPAN;
    if (only !== undefined && only[code] === 0) continue;
    count[code] = (count[code] as number) + 1;
    n += 1;
    if (cents > maxCents) maxCents = cents;
  }
  // Whole cents select about twice as fast in a Uint32Array; a Float64Array past $42.9 million.
  const all = maxCents < 2 ** 32 ? new Uint32Array(n) : new Float64Array(n);
  const fill = new Int32Array(GRADE_CODE_SPAN);
  let offset = 0;
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    fill[code] = offset;
    offset += count[code] as number;
  }
  const start = fill.slice();
  for (let i = 0; i < sample.n; i += 1) {
    const packed = sample.packed[i] as number;
    const cents = Math.floor(packed / GRADE_CODE_SPAN);
    const code = packed - cents * GRADE_CODE_SPAN;
    if (only !== undefined && only[code] === 0) continue;
    all[fill[code] as number] = cents;
    fill[code] = (fill[code] as number) + 1;
  }
  return { cents: all, count, start, gradeOfCode: sample.gradeOfCode };
}

/** Each grade's summary (dollars), in ladder order and by code. */
export function summarizeGrades(groups: GradeGroups): Pick<GradeSummaries, 'grades' | 'byCode'> {
  const grades: GradeSummary[] = [];
  const byCode: (PriceSummary | null)[] = new Array(GRADE_CODE_SPAN).fill(null);
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    const count = groups.count[code] as number;
    if (count === 0) continue;
    const start = groups.start[code] as number;
    const summary = inDollars(summarizeWholeRange(groups.cents, start, start + count));
    byCode[code] = summary;
    grades.push({ code, grade: groups.gradeOfCode[code] as string, summary });
  }
  return { grades, byCode };
}

/**
 * Every sale's summary together (dollars); null for none. A grade's selection reorders only its
 * own range: the buffer still holds every sale, so this may come before or after summarizeGrades.
 */
export function summarizeAll(groups: GradeGroups): PriceSummary | null {
  const n = groups.cents.length;
  return n > 0 ? inDollars(summarizeWholeRange(groups.cents, 0, n)) : null;
}

/** A summary of cents in dollars. */
function inDollars(summary: PriceSummary): PriceSummary {
  return {
    n: summary.n,
    min: summary.min / 100,
    max: summary.max / 100,
    avg: summary.avg / 100,
    p25: summary.p25 / 100,
    median: summary.median / 100,
    p75: summary.p75 / 100,
  };
}
