import { GRADE_CODE_SPAN } from '../store/market-reader';
import type { SaleSample } from './sale-columns';
import { type PriceSummary, summarizeWholeRange } from './stats';

/**
 * A sample's summary overall and per grade, without sorting its prices: percentiles are order
 * statistics, found by selection (stats.ts, percentilesInPlace) on whole cents, the same numbers
 * as sorting them. Why: a broad query's 365 days hold 200,000 sales, and sorting them cost 8 to
 * 17 ms here, over half of the 25 ms a q-driven call may take (docs/bench/cards.md).
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
  const groups = groupByGrade(sample, only);
  const { grades, byCode } = summarizeGrades(groups);
  return { all: only === undefined ? summarizeAll(groups) : null, grades, byCode };
}

/**
 * The sample's sales as whole cents grouped by grade code: grade code c's are
 * cents[start[c] .. start[c] + count[c]). Three steps (group, each grade, all) that a caller may
 * run with a breath between them (sold.ts): each is one pass or selection over the sales.
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
