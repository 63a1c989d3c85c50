import { describe, expect, it } from 'vitest';
import { gradeGroups, summaryOfCents, summaryOfGroups } from './grade-groups';
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

describe('gradeGroups', () => {
  it('gives each grade in ladder order with its cents ascending', () => {
    const groups = gradeGroups(
      sample([
        [500, 3],
        [120, 1],
        [300, 3],
        [110, 1],
        [250, 2],
      ]),
    );
    expect(groups.map(({ grade, cents }) => [grade, Array.from(cents)])).toEqual([
      ['Raw', [110, 120]],
      ['PSA 9', [250]],
      ['PSA 10', [300, 500]],
    ]);
    expect(summaryOfCents(groups[2]?.cents ?? [])).toEqual({
      n: 2,
      min: 3,
      max: 5,
      avg: 4,
      p25: 3.5,
      median: 4,
      p75: 4.5,
    });
  });

  it('summarises the union exactly as sorting every price would, on random samples', () => {
    let state = 11;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let round = 0; round < 300; round += 1) {
      const n = 1 + Math.floor(next() * 200);
      const spread = round % 3 === 0 ? 50 : 5_000_000;
      const rows = Array.from({ length: n }, (): [number, number] => [
        1 + Math.floor(next() * spread),
        1 + Math.floor(next() * 3),
      ]);
      const sorted = Float64Array.from(rows, ([cents]) => cents / 100).sort();
      const summary = summaryOfGroups(gradeGroups(sample(rows)));
      expect([summary.n, summary.min, summary.max]).toEqual([n, sorted[0], sorted[n - 1]]);
      for (const [fraction, value] of [
        [0.25, summary.p25],
        [0.5, summary.median],
        [0.75, summary.p75],
      ] as const) {
        expect(value).toBeCloseTo(percentileOfSorted(sorted, fraction), 9);
      }
    }
  });
});
