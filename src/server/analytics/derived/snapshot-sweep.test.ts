import { describe, expect, it } from 'vitest';
import type { SnapshotFigures } from '../../store/derived-tables';
import { STILL_ACTIVE, sweepSnapshots } from './snapshot-sweep';

describe('daily snapshot sweep', () => {
  it('keeps each day the listings active on it, per label and per category, in price order', () => {
    const groups = [
      { category: 'pokemon', label: 'Base Set' },
      { category: 'pokemon', label: 'Jungle' },
      { category: 'baseball', label: 'Topps Chrome' },
    ];
    // [group, price, first day, last day]
    const rows: [number, number, number, number][] = [
      [0, 40, 10, 12],
      [0, 10, 11, STILL_ACTIVE],
      [1, 30, 9, 11],
      [0, 20, 12, 12],
      [2, 100, 13, 13],
      [1, 5, 20, 20], // after the range
    ];
    const labelRows: [number, string, SnapshotFigures][] = [];
    const categoryRows: [number, string, number, SnapshotFigures][] = [];
    sweepSnapshots(
      {
        group: Int32Array.from(rows, (row) => row[0]),
        price: Float64Array.from(rows, (row) => row[1]),
        firstDay: Int32Array.from(rows, (row) => row[2]),
        lastDay: Int32Array.from(rows, (row) => row[3]),
      },
      groups,
      { firstDay: 10, lastDay: 14 },
      {
        label: (day, group, figures) => labelRows.push([day, group.label, figures]),
        category: (day, category, labels, figures) => categoryRows.push([day, category, labels, figures]),
      },
    );
    const figures = (prices: number[]): SnapshotFigures => {
      const sorted = [...prices].sort((a, b) => a - b);
      const total = sorted.reduce((sum, price) => sum + price, 0);
      const mid = (sorted.length - 1) / 2;
      const median = ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
      return {
        listings: sorted.length,
        avg: total / sorted.length,
        median,
        floor_min: sorted[0] as number,
        total_value: total,
      };
    };
    expect(categoryRows).toEqual([
      [10, 'pokemon', 2, figures([40, 30])],
      [11, 'pokemon', 2, figures([40, 10, 30])],
      [12, 'pokemon', 1, figures([40, 10, 20])],
      [13, 'baseball', 1, figures([100])],
      [13, 'pokemon', 1, figures([10])],
      [14, 'pokemon', 1, figures([10])],
    ]);
    expect(labelRows.filter(([day]) => day === 11)).toEqual([
      [11, 'Base Set', figures([40, 10])],
      [11, 'Jungle', figures([30])],
    ]);
    // 10, 20, 40 on day 12: median 20, the middle one
    expect(categoryRows[2]?.[3].median).toBe(20);
  });
});
