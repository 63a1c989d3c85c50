import { describe, expect, it } from 'vitest';
import { discountFromComps } from '../../contract/buy-score';
import { cellPricesOf, matchedChange, moverFigures, spreadConfidence, trendPct } from './like-for-like';

/** Cells as [earlier prices, recent prices] pairs, in the typed form the formulas read. */
const windows = (...cells: [number[], number[]][]) =>
  [cellPricesOf(cells.map(([, recent]) => recent)), cellPricesOf(cells.map(([earlier]) => earlier))] as const;
const cell = (earlier: number[], recent: number[]): [number[], number[]] => [earlier, recent];

describe('matched change (decisions.md, "Like for like: cells")', () => {
  it('weights each matched cell by min(n_A, n_B) and ignores unmatched ones', () => {
    // The movers example of the issue: A (P 100,110,90 / C 121,99), B (10,10 / 12,12), C (50 / 45),
    // plus an unmatched PSA 10 at 9,000 in the current week only.
    const figures = moverFigures(
      ...windows(
        cell([100, 110, 90], [121, 99]),
        cell([10, 10], [12, 12]),
        cell([50], [45]),
        cell([], [9000]),
      ),
    );
    expect(figures).not.toBeNull();
    expect(figures?.pctChange).toBeCloseTo(9.42, 2);
    expect(figures?.prevAvg).toBeCloseTo(54, 10);
    expect(figures?.currentAvg).toBeCloseTo(59.08, 2);
    expect(figures?.n).toBe(11);
  });

  it('lists a label at the threshold (3 cells, weight 5) and not below it', () => {
    const atThreshold = [cell([10, 10], [11, 11]), cell([20, 20], [22, 22]), cell([30], [33])];
    expect(matchedChange(...windows(...atThreshold))?.weight).toBe(5);
    expect(moverFigures(...windows(...atThreshold))).not.toBeNull();
    expect(
      moverFigures(...windows(cell([10, 10], [11, 11]), cell([20, 20], [22, 22]), cell([30], []))),
    ).toBeNull();
    expect(moverFigures(...windows(cell([10], [11]), cell([20], [22]), cell([30], [33])))).toBeNull();
  });

  it('gives the trend of the issue: 12.89, and null under a weight of 3', () => {
    // Cells A: earlier 5485, 5820, 6085, recent 6340, 6950, 7565; B: earlier 1593, 2045, recent 1735.
    expect(
      trendPct(...windows(cell([5485, 5820, 6085], [6340, 6950, 7565]), cell([1593, 2045], [1735]))),
    ).toBeCloseTo(12.89, 2);
    expect(trendPct(...windows(cell([100, 100], [120, 120])))).toBeNull();
    // One cell and one grade: the change of its median, as before.
    expect(trendPct(...windows(cell([90, 100, 110], [110, 120, 130])))).toBeCloseTo(20, 10);
  });

  it('does not read a mix of grades as a price move', () => {
    // Last month mostly raw copies, this month mostly PSA 10s, prices flat in each grade.
    const trend = trendPct(
      ...windows(cell([10, 10, 10, 10, 10], [10, 10, 10]), cell([900, 900, 900], [900, 900, 900, 900, 900])),
    );
    expect(trend).toBe(0);
  });
});

describe('confidence', () => {
  it("measures the spread around each cell's own median: {90,100,110} and {9,10,11} give 38", () => {
    expect(
      spreadConfidence(
        cellPricesOf([
          [110, 90, 100],
          [9, 10, 11],
        ]),
        6,
      ),
    ).toBe(38);
  });

  it('is 0 with fewer than 2 residuals, and scales with freshness', () => {
    expect(spreadConfidence(cellPricesOf([[100], [200]]), 2)).toBe(0);
    const fresh = spreadConfidence(cellPricesOf([[100, 100, 100, 100, 100, 100]]), 6);
    expect(fresh).toBe(45); // q = 0, sqrt(6 / 30) = 0.447
    expect(spreadConfidence(cellPricesOf([[100, 100, 100, 100, 100, 100]]), 2)).toBe(18); // f = 2 / 5
  });

  it('no longer reads a grade mix as spread', () => {
    const mixed = [Array(15).fill(10), Array(15).fill(1000)];
    expect(spreadConfidence(cellPricesOf(mixed), 30)).toBe(100);
  });
});

describe('discount', () => {
  it('compares the last sale with its own card and grade: comps 96, 100, 104 and a sale at 90 give 10 %', () => {
    expect(discountFromComps(90, { median: 100, sales: 3 })).toBeCloseTo(10, 10);
    expect(discountFromComps(90, { median: 100, sales: 2 })).toBe(0);
    expect(discountFromComps(90, { median: null, sales: 0 })).toBe(0);
    expect(discountFromComps(110, { median: 100, sales: 5 })).toBeCloseTo(-10, 10);
  });
});
