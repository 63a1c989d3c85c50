import { describe, expect, it } from 'vitest';
import { type GradeSummaries, gradeSummaries, summarizeRows } from './grade-groups';
import type { SaleSample } from './sale-columns';
import { percentileOfSorted } from './stats';

const GRADES = ['', 'Raw', 'PSA 9', 'PSA 10'];

/** A sample of [cents, grade code] pairs, in no order. */
function sample(rows: [number, number][]): SaleSample {
  return {
    n: rows.length,
    packed: Float64Array.from(rows, ([cents, code]) => cents * 128 + code),
    soldAt: new Float64Array(rows.length),
    cards: Int32Array.of(1),
    cardStart: Int32Array.of(0, rows.length),
    gradeOfCode: GRADES,
  };
}

describe('gradeSummaries', () => {
  it('summarises each grade in ladder order, and every sale together', () => {
    const { all, grades, byCode } = gradeSummaries(
      sample([
        [500, 3],
        [120, 1],
        [300, 3],
        [110, 1],
        [250, 2],
      ]),
    );
    expect(grades.map(({ grade, summary }) => [grade, summary.n, summary.min, summary.max])).toEqual([
      ['Raw', 2, 1.1, 1.2],
      ['PSA 9', 1, 2.5, 2.5],
      ['PSA 10', 2, 3, 5],
    ]);
    expect(byCode[3]).toEqual({ n: 2, min: 3, max: 5, avg: 4, p25: 3.5, median: 4, p75: 4.5 });
    // 1.10 1.20 2.50 3.00 5.00: ranks 1, 2, 3.
    expect(all).toEqual({ n: 5, min: 1.1, max: 5, avg: 2.56, p25: 1.2, median: 2.5, p75: 3 });
  });

  it('with `only`, summarises just those grades and gives no overall summary', () => {
    const only = new Uint8Array(GRADES.length);
    only[3] = 1;
    const { all, grades } = gradeSummaries(
      sample([
        [500, 3],
        [120, 1],
        [300, 3],
      ]),
      only,
    );
    expect(all).toBeNull();
    expect(grades.map(({ grade, summary }) => [grade, summary.n, summary.median])).toEqual([
      ['PSA 10', 2, 4],
    ]);
  });

  it('gives the numbers of sorting every price, overall and per grade, on random samples', () => {
    let state = 11;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let round = 0; round < 300; round += 1) {
      const n = 1 + Math.floor(next() * (round % 10 === 0 ? 3000 : 200));
      const spread = round % 3 === 0 ? 50 : 5_000_000;
      const rows = Array.from({ length: n }, (): [number, number] => [
        1 + Math.floor(next() * spread),
        1 + Math.floor(next() * 3),
      ]);
      const expected = (cents: number[]) => {
        const sorted = Float64Array.from(cents).sort();
        let sum = 0;
        for (const value of sorted) sum += value;
        return {
          n: sorted.length,
          min: (sorted[0] as number) / 100,
          max: (sorted[sorted.length - 1] as number) / 100,
          avg: sum / sorted.length / 100,
          p25: percentileOfSorted(sorted, 0.25) / 100,
          median: percentileOfSorted(sorted, 0.5) / 100,
          p75: percentileOfSorted(sorted, 0.75) / 100,
        };
      };
      // gradeSummaries groups fewer than BUCKETS_FROM_ROWS sales; summarizeRows buckets any number.
      const drawn = sample(rows);
      const whole = { from: Int32Array.of(0), to: Int32Array.of(n) };
      const open = { minCents: -1, maxCents: Number.POSITIVE_INFINITY, gradeCode: null };
      for (const { all, grades } of [
        gradeSummaries(drawn),
        summarizeRows(drawn.packed, whole, open, drawn.gradeOfCode, true) as GradeSummaries,
      ]) {
        expect(all).toEqual(expected(rows.map(([cents]) => cents)));
        for (const { code, summary } of grades) {
          expect(summary).toEqual(expected(rows.filter(([, c]) => c === code).map(([cents]) => cents)));
        }
      }
    }
  });

  it('gives the same numbers when many sales sit in one price bucket, and past 2^32 cents', () => {
    // 6,000 sales between 100,000 and 100,059 cents (one bucket, selected rather than sorted) and
    // 1,000 at 5 cents: sorted, ranks 1,749.75 / 3,499.5 / 5,249.25 fall among the 100,0xx.
    const rows: [number, number][] = [];
    for (let i = 0; i < 6000; i += 1) rows.push([100_000 + ((i * 37) % 60), 3]);
    for (let i = 0; i < 1000; i += 1) rows.push([5, 1]);
    const { all, byCode } = gradeSummaries(sample(rows));
    const sorted = rows.map(([cents]) => cents).sort((a, b) => a - b);
    expect(all?.median).toBe(percentileOfSorted(sorted, 0.5) / 100);
    expect(all?.p25).toBe(percentileOfSorted(sorted, 0.25) / 100);
    expect(all?.p75).toBe(percentileOfSorted(sorted, 0.75) / 100);
    // Grade 3's 6,000: each of 0..59 a hundred times; rank 2,999.5 lies between 29 and 30.
    expect(byCode[3]?.median).toBe(1000.295);
    expect(byCode[1]).toEqual({
      n: 1000,
      min: 0.05,
      max: 0.05,
      avg: 0.05,
      p25: 0.05,
      median: 0.05,
      p75: 0.05,
    });
    // $50 million (past 2^32 cents) is grouped instead, with the same figures.
    const big = gradeSummaries(sample([...rows.slice(0, 1500), [5_000_000_000, 3]]));
    expect(big.all?.max).toBe(50_000_000);
    expect(big.all?.n).toBe(1501);
  });

  it('summarises the rows of several ranges through the price, grade and `only` filters', () => {
    // Cents 100..800 at 0..7; ranges [1, 3) and [5, 8): 200 (code 1), 300 (2), 600 (1), 700 (1), 800 (2).
    const codes = [1, 1, 2, 1, 1, 1, 1, 2];
    const packed = Float64Array.from(codes, (code, i) => (i + 1) * 100 * 128 + code);
    const rows = { from: Int32Array.of(1, 5), to: Int32Array.of(3, 8) };
    const open = { minCents: -1, maxCents: Number.POSITIVE_INFINITY, gradeCode: null };
    const every = summarizeRows(packed, rows, open, GRADES, true);
    // 200 300 600 700 800: ranks 1, 2, 3.
    expect(every?.all).toEqual({ n: 5, min: 2, max: 8, avg: 5.2, p25: 3, median: 6, p75: 7 });
    expect(every?.grades.map(({ grade, summary }) => [grade, summary.n, summary.median])).toEqual([
      ['Raw', 3, 6],
      ['PSA 9', 2, 5.5],
    ]);
    // 300..700 cents, grade code 1 only: 600 and 700.
    const band = summarizeRows(packed, rows, { minCents: 300, maxCents: 700, gradeCode: 1 }, GRADES, true);
    expect(band?.all).toEqual({ n: 2, min: 6, max: 7, avg: 6.5, p25: 6.25, median: 6.5, p75: 6.75 });
    const only = Uint8Array.of(0, 0, 1, 0);
    const flagged = summarizeRows(packed, rows, { ...open, only }, GRADES, false);
    expect(flagged?.all).toBeNull();
    expect(flagged?.byCode[2]).toEqual({ n: 2, min: 3, max: 8, avg: 5.5, p25: 4.25, median: 5.5, p75: 6.75 });
    expect(flagged?.byCode[1]).toBeNull();
  });
});
