import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChartRow } from '../../components/line-chart/chart-row';
import { downsampleRows, lttbIndices } from './lttb';

const series = (...columns: (number | null)[][]): ChartRow[] =>
  columns[0]!.map((_, index) => ({
    date: `d${index}`,
    t: index,
    values: columns.map((column) => column[index]!),
  }));

describe('LTTB downsampling', () => {
  it('keeps every row at or below the threshold', () => {
    const rows = series([1, 2, 3, 4, 5]);
    expect(lttbIndices(rows, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(lttbIndices(rows, 500)).toHaveLength(5);
  });

  it('thins to the threshold, always keeping the first and last rows', () => {
    const rows = series(Array.from({ length: 1000 }, (_, i) => Math.sin(i / 20)));
    const kept = lttbIndices(rows, 100);
    expect(kept).toHaveLength(100);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(999);
  });

  it('keeps a one-day spike that naive every-nth sampling would drop', () => {
    const flat = Array.from({ length: 365 }, () => 100);
    flat[201] = 900;
    const kept = downsampleRows(series(flat), 40);
    expect(kept.map((row) => row.values[0])).toContain(900);
  });

  it('serves every series on the shared axis: a spike in the second series survives too', () => {
    const a = Array.from({ length: 400 }, (_, i) => i);
    const b = Array.from({ length: 400 }, () => 5);
    b[123] = 50;
    const kept = downsampleRows(series(a, b), 50);
    expect(kept.some((row) => row.values[1] === 50)).toBe(true);
  });

  it('keeps a gap a gap: a missing run still has a null row between its neighbours', () => {
    const values: (number | null)[] = Array.from({ length: 300 }, (_, i) => i % 7);
    values[150] = null;
    const kept = downsampleRows(series(values), 30);
    const index = kept.findIndex((row) => row.date === 'd150');
    expect(index).toBeGreaterThan(0);
    expect(kept[index]!.values[0]).toBeNull();
  });

  it('returns sorted, distinct rows that always include both ends (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }), {
          minLength: 3,
          maxLength: 400,
        }),
        fc.integer({ min: 3, max: 200 }),
        (values, threshold) => {
          const kept = lttbIndices(series(values), threshold);
          for (let i = 1; i < kept.length; i += 1) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
          expect(kept[0]).toBe(0);
          expect(kept.at(-1)).toBe(values.length - 1);
          if (values.every((value) => value !== null)) {
            expect(kept.length).toBe(Math.min(values.length, threshold));
          }
        },
      ),
    );
  });
});
