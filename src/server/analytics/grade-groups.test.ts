import { describe, expect, it } from 'vitest';
import { gradeSummaries } from './grade-groups';
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
      const { all, grades } = gradeSummaries(sample(rows));
      expect(all).toEqual(expected(rows.map(([cents]) => cents)));
      for (const { code, summary } of grades) {
        expect(summary).toEqual(expected(rows.filter(([, c]) => c === code).map(([cents]) => cents)));
      }
    }
  });
});
