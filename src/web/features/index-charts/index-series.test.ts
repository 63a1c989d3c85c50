import { describe, expect, it } from 'vitest';
import type { IndexPoint } from '../../../contract/resources';
import { planIndexRequests, seriesOfView } from './index-request-plan';
import { assembleRows, coverageOf, latestDate, metricValue, pointsBySeries, sliceRows } from './index-series';

const point = (date: string, category: string, avg: number): IndexPoint => ({
  date,
  category,
  avg,
  median: avg - 1,
  listings: 10,
  floor_min: 1,
  total_value: avg * 10,
});

describe('index series assembly', () => {
  const series = seriesOfView({ categories: ['pokemon', 'magic'], labels: [] });
  const plan = planIndexRequests(series, () => false);
  const answer = [
    point('2026-06-01', 'magic', 50),
    point('2026-06-01', 'pokemon', 100),
    point('2026-06-02', 'pokemon', 110),
    point('2026-06-04', 'pokemon', 120),
    point('2026-06-04', 'magic', 55),
    point('2026-06-04', 'yugioh', 5),
  ];
  const points = pointsBySeries(series, plan.requests, [answer]);

  it('sorts one all-categories answer to each series by its category', () => {
    expect([...(points.get('category:pokemon')?.keys() ?? [])]).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-04',
    ]);
    expect(metricValue(points.get('category:magic')?.get('2026-06-04'), 'avg')).toBe(55);
    expect(latestDate(points)).toBe('2026-06-04');
  });

  it('gives every day of the range a row, and a day without data a null: a gap, not a bridge', () => {
    const rows = assembleRows(series, points, 'avg', { from: '2026-05-31', to: '2026-06-04' });
    expect(rows.map((row) => [row.date, ...row.values])).toEqual([
      ['2026-05-31', null, null],
      ['2026-06-01', 100, 50],
      ['2026-06-02', 110, null],
      ['2026-06-03', null, null],
      ['2026-06-04', 120, 55],
    ]);
    expect(rows[1]!.t - rows[0]!.t).toBe(1);
  });

  it('reads the chosen metric', () => {
    const rows = assembleRows(series, points, 'total_value', { from: '2026-06-04', to: '2026-06-04' });
    expect(rows[0]!.values).toEqual([1200, 550]);
  });

  it('counts how many days of the range each series really has', () => {
    const rows = assembleRows(series, points, 'avg', { from: '2026-05-31', to: '2026-06-04' });
    expect(coverageOf(rows, 2)).toEqual([
      { days: 3, rangeDays: 5, first: '2026-06-01', last: '2026-06-04' },
      { days: 2, rangeDays: 5, first: '2026-06-01', last: '2026-06-04' },
    ]);
  });

  it('slices the zoomed window, both ends included', () => {
    const rows = assembleRows(series, points, 'avg', { from: '2026-05-31', to: '2026-06-04' });
    expect(sliceRows(rows, { from: '2026-06-02', to: '2026-06-03' }).map((row) => row.date)).toEqual([
      '2026-06-02',
      '2026-06-03',
    ]);
    expect(sliceRows(rows, null)).toHaveLength(5);
  });

  it('keys a label answer by its request: rows of that label carry only their category', () => {
    const labelled = seriesOfView({ categories: ['pokemon'], labels: ['Base Set', 'Jungle'] });
    const labelPlan = planIndexRequests(labelled, () => false);
    const byLabel = pointsBySeries(labelled, labelPlan.requests, [
      [point('2026-06-01', 'pokemon', 300)],
      [point('2026-06-01', 'pokemon', 40)],
    ]);
    const rows = assembleRows(labelled, byLabel, 'avg', { from: '2026-06-01', to: '2026-06-01' });
    expect(rows[0]!.values).toEqual([300, 40]);
  });
});
