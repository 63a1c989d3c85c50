import { describe, expect, it } from 'vitest';
import type { IndexPoint } from '../../../contract/resources';
import { buildChartModel, zoomWithin } from './index-model';
import { seriesOfView } from './index-request-plan';
import { DEFAULT_INDEX_VIEW, type IndexView } from './index-view';

const series = seriesOfView({ categories: ['pokemon'], labels: [] });
const byDate = new Map<string, IndexPoint>();
for (let day = 1; day <= 30; day += 1) {
  if (day === 15) continue; // a day without listings
  const date = `2026-06-${String(day).padStart(2, '0')}`;
  byDate.set(date, {
    date,
    category: 'pokemon',
    avg: 100 + day,
    median: 90,
    listings: day % 5,
    floor_min: 1,
    total_value: 5,
  });
}
const points = new Map([['category:pokemon', byDate]]);
const view = (patch: Partial<IndexView>): IndexView => ({
  ...DEFAULT_INDEX_VIEW,
  metric: 'avg',
  categories: ['pokemon'],
  ...patch,
});
const model = (patch: Partial<IndexView>, plotWidth = 800) =>
  buildChartModel({ series, points, view: view(patch), latest: '2026-06-30', plotWidth });

describe('chart model', () => {
  it('shows every day from the index start to the latest snapshot for "all", the gap included', () => {
    const all = model({});
    expect(all.range).toEqual({ from: '2026-05-29', to: '2026-06-30' });
    expect(all.shownRows).toHaveLength(33);
    expect(all.shownRows.find((row) => row.date === '2026-06-15')?.values).toEqual([null]);
    expect(all.coverage[0]).toEqual({ days: 29, rangeDays: 33, first: '2026-06-01', last: '2026-06-30' });
  });

  it('cuts the zoom window out of the range, for the chart and the CSV alike', () => {
    const zoomed = model({ zoom: { from: '2026-06-10', to: '2026-06-12' } });
    expect(zoomed.zoom).toEqual({ from: '2026-06-10', to: '2026-06-12' });
    expect(zoomed.shownRows.map((row) => row.values[0])).toEqual([110, 111, 112]);
    expect(zoomed.drawnRows).toEqual(zoomed.shownRows);
    expect(zoomed.overviewRows).toHaveLength(33);
  });

  it("rebases at the first day shown: the zoom's start when zoomed, so what is shown starts at 100", () => {
    const compared = model({
      compare: true,
      range: { kind: 'custom', from: '2026-06-02' },
      zoom: { from: '2026-06-04', to: '2026-06-05' },
    });
    expect(compared.bases).toEqual([{ date: '2026-06-04', value: 104 }]);
    // 105 / 104 * 100 = 100.9615 -> 100.96
    expect(compared.shownRows.map((row) => row.values[0])).toEqual([100, 100.96]);
    // The overview (the brush) still starts at 100 on the range's first day: 104 / 102 -> 101.96.
    expect(compared.overviewRows.find((row) => row.date === '2026-06-04')?.values[0]).toBe(101.96);
  });

  it("draws the weekly sales index through its weeks' ends only", () => {
    const weekly = new Map([
      [
        'category:pokemon',
        new Map(
          ['2026-06-05', '2026-06-12'].map((date, i) => [
            date,
            {
              date,
              category: 'pokemon',
              label: null,
              index: 100 + i,
              change_pct: null,
              matched_cells: 1,
              sales: 2,
            },
          ]),
        ),
      ],
    ]);
    const shown = buildChartModel({
      series,
      points: weekly,
      view: view({ metric: 'sales_index' }),
      latest: '2026-06-12',
      plotWidth: 800,
    });
    expect(shown.shownRows.map((row) => [row.date, row.values[0]])).toEqual([
      ['2026-06-05', 100],
      ['2026-06-12', 101],
    ]);
  });

  it('hides zeros on a log axis and counts them, but keeps them in the CSV rows', () => {
    const logged = model({ metric: 'listings', scale: 'log', range: { kind: 'custom', from: '2026-06-01' } });
    expect(logged.hiddenOnLog).toBe(5); // days 5, 10, 20, 25, 30 (15 has no data)
    expect(logged.shownRows.filter((row) => row.values[0] === 0)).toHaveLength(5);
  });

  it('thins the drawing to the pixel width but never the CSV rows', () => {
    const narrow = model({}, 10);
    expect(narrow.shownRows).toHaveLength(33);
    expect(narrow.drawnRows.length).toBeLessThanOrEqual(11);
    expect(narrow.drawnRows[0]!.date).toBe('2026-05-29');
    expect(narrow.drawnRows.at(-1)!.date).toBe('2026-06-30');
  });

  it('drops a zoom that covers the whole range or falls outside it', () => {
    const range = { from: '2026-06-01', to: '2026-06-30' };
    expect(zoomWithin({ from: '2026-05-01', to: '2026-07-30' }, range)).toBeNull();
    expect(zoomWithin({ from: '2026-07-01', to: '2026-07-30' }, range)).toBeNull();
    expect(zoomWithin({ from: '2026-05-01', to: '2026-06-05' }, range)).toEqual({
      from: '2026-06-01',
      to: '2026-06-05',
    });
  });
});
