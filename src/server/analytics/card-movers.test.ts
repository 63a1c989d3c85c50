import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { AnalyticsError } from './analytics-error';
import { writeTempFile } from './testing/hand-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';

/**
 * /v1/card-movers on a hand-made market, as of its last sale (2026-07-01 12:00 UTC). With days=7,
 * A = the last 7 days, B = the 7 before (a sale exactly 7 days old is in B). Each row worked by
 * hand: pct = 100 (m(A) / m(B) - 1), score = |ln(m(A) / m(B))| * n / (n + 5), n = min(n(A), n(B)).
 */
const AS_OF = Date.parse('2026-07-01T12:00:00Z');
const ago = (days: number) => new Date(AS_OF - days * 86_400_000).toISOString();
const JORDAN = '1986 Fleer Michael Jordan #57 RC';
const BIRD = '1986 Fleer Larry Bird #32';
const WEMBY = '2023 Panini Prizm Victor Wembanyama #136 RC';
const CHARIZARD = '1999 Pokemon Base Set Charizard Holo #4';
const HERBERT = '2020 Panini Prizm Justin Herbert #325 RC';

/** [category, label, title, grade, price, days ago] */
const SALES: (readonly [string, string, string, string, number, number])[] = [
  // Jordan PSA 9: A 120, 130, 140 (median 130); B 100 (exactly 7 days), 100, 110, 90, 100 (median
  // 100); the 15-day-old 10 is in neither. +30 %, n = 3: ln 1.3 * 3/8 = 0.0984.
  ...[120, 130, 140].map((p, i) => ['basketball', 'Fleer', JORDAN, 'PSA 9', p, i] as const),
  ...[
    [100, 7],
    [100, 8],
    [110, 9],
    [90, 10],
    [100, 11],
    [10, 15],
  ].map(([p, d]) => ['basketball', 'Fleer', JORDAN, 'PSA 9', p as number, d as number] as const),
  // Jordan PSA 8: 2 sales in A, too few.
  ['basketball', 'Fleer', JORDAN, 'PSA 8', 60, 1],
  ['basketball', 'Fleer', JORDAN, 'PSA 8', 65, 2],
  ['basketball', 'Fleer', JORDAN, 'PSA 8', 50, 9],
  ['basketball', 'Fleer', JORDAN, 'PSA 8', 50, 10],
  ['basketball', 'Fleer', JORDAN, 'PSA 8', 50, 11],
  // Bird PSA 8: 50 three times in each: 0 %, score 0.
  ...[1, 2, 3, 8, 9, 10].map((d) => ['basketball', 'Fleer', BIRD, 'PSA 8', 50, d] as const),
  // Wemby PSA 10: A 30 x3, B 20 x3: +50 %, n = 3: ln 1.5 * 3/8 = 0.1521.
  ...[1, 2, 3].map((d) => ['basketball', 'Panini Prizm', WEMBY, 'PSA 10', 30, d] as const),
  ...[8, 9, 10].map((d) => ['basketball', 'Panini Prizm', WEMBY, 'PSA 10', 20, d] as const),
  // Charizard PSA 10: A 790..810 (median 800), B 990..1010 (median 1000): -20 %, n = 5:
  // ln 0.8 * 5/10 = -0.1116; it outranks Jordan's +30 % on fewer sales.
  ...[800, 790, 810, 800, 805].map((p, i) => ['pokemon', 'Base Set', CHARIZARD, 'PSA 10', p, i + 1] as const),
  ...[1000, 990, 1010, 1000, 1005].map(
    (p, i) => ['pokemon', 'Base Set', CHARIZARD, 'PSA 10', p, i + 8] as const,
  ),
  // Herbert PSA 10: A 10 x3, B 20 x3: -50 %, n = 3: ln 0.5 * 3/8 = -0.2599, the largest.
  ...[0, 1, 2].map((d) => ['football', 'Panini Prizm', HERBERT, 'PSA 10', 10, d] as const),
  ...[8, 9, 10].map((d) => ['football', 'Panini Prizm', HERBERT, 'PSA 10', 20, d] as const),
];

function salesCsv(): string {
  const lines = ['source_id,sold_at,category,label,title,grade,price'];
  SALES.forEach(([category, label, title, grade, price, days], i) => {
    lines.push([`mover-${i}`, ago(days), category, label, title, grade, price].join(','));
  });
  return `${lines.join('\n')}\n`;
}

const row = (
  title: string,
  category: string,
  label: string,
  grade: string,
  [previous, current, pct]: [number, number, number],
  [salesPrevious, salesCurrent]: [number, number],
) => ({
  title,
  category,
  label,
  grade,
  pct_change: pct,
  previous_median: previous,
  current_median: current,
  sales_previous: salesPrevious,
  sales_current: salesCurrent,
});

const HERBERT_ROW = row(HERBERT, 'football', 'Panini Prizm', 'PSA 10', [20, 10, -50], [3, 3]);
const WEMBY_ROW = row(WEMBY, 'basketball', 'Panini Prizm', 'PSA 10', [20, 30, 50], [3, 3]);
const CHARIZARD_ROW = row(CHARIZARD, 'pokemon', 'Base Set', 'PSA 10', [1000, 800, -20], [5, 5]);
const JORDAN_ROW = row(JORDAN, 'basketball', 'Fleer', 'PSA 9', [100, 130, 30], [5, 3]);
const BIRD_ROW = row(BIRD, 'basketball', 'Fleer', 'PSA 8', [50, 50, 0], [3, 3]);

describe.each(TEST_STORES)('/v1/card-movers on the $kind store', ({ open }) => {
  let opened: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    opened = await open();
    const result = await opened.store.ingestFile('sales', writeTempFile('sales.csv', salesCsv()));
    expect(result.badRows).toBe(0);
    analytics = operationsOn(opened.store.reader);
  });
  afterAll(() => opened.close());

  const movers = (params: Partial<Parameters<BoundOperations['cardMovers']>[0]> = {}) =>
    analytics.cardMovers({ days: 7, direction: 'both', limit: 25, ...params });

  it('ranks each card and grade with 3 sales in both windows by its damped score', async () => {
    expect(await movers()).toEqual({
      days: 7,
      as_of: '2026-07-01T12:00:00.000Z',
      movers: [HERBERT_ROW, WEMBY_ROW, CHARIZARD_ROW, JORDAN_ROW, BIRD_ROW],
    });
  });

  it('keeps the rises or the falls, one category, label or grade, and `limit` rows', async () => {
    expect((await movers({ direction: 'up' })).movers).toEqual([WEMBY_ROW, JORDAN_ROW]);
    expect((await movers({ direction: 'down' })).movers).toEqual([HERBERT_ROW, CHARIZARD_ROW]);
    expect((await movers({ category: 'basketball' })).movers).toEqual([WEMBY_ROW, JORDAN_ROW, BIRD_ROW]);
    expect((await movers({ label: '  FLEER ' })).movers).toEqual([JORDAN_ROW, BIRD_ROW]);
    expect((await movers({ grade: 'PSA 10' })).movers).toEqual([HERBERT_ROW, WEMBY_ROW, CHARIZARD_ROW]);
    expect((await movers({ grade: 'CGC 3' })).movers).toEqual([]);
    expect((await movers({ limit: 2 })).movers).toEqual([HERBERT_ROW, WEMBY_ROW]);
  });

  it('is an empty list when no cell qualifies, and no_match for a label no card carries', async () => {
    // 30 days: every sale is in A; B (30 to 60 days back) has none.
    expect(await movers({ days: 30 })).toEqual({ days: 30, as_of: '2026-07-01T12:00:00.000Z', movers: [] });
    const error = await movers({ label: 'Flear' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).hint).toMatch(/The nearest label is "Fleer"/);
  });
});
