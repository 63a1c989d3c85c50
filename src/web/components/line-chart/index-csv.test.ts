import { describe, expect, it } from 'vitest';
import { chartCsv, indexCsvName } from './index-csv';

describe('chart CSV', () => {
  it('writes a date column and one column per series, gaps as empty cells, negatives as numbers', () => {
    const csv = chartCsv(
      ['pokemon', '=magic'],
      [
        { date: '2026-06-01', t: 0, values: [100.5, null] },
        { date: '2026-06-02', t: 1, values: [null, -42] },
      ],
    );
    expect(csv).toBe("date,pokemon,'=magic\r\n2026-06-01,100.5,\r\n2026-06-02,,-42\r\n");
  });

  it('names the file after what it holds: the metric, rebased, the series when few, the range', () => {
    expect(
      indexCsvName({
        metric: 'median',
        compare: true,
        series: ['Pokémon', 'Magic'],
        from: '2026-06-01',
        to: '2026-09-01',
      }),
    ).toBe('slab-index-median-rebased-pokemon-magic-2026-06-01-to-2026-09-01.csv');
    expect(
      indexCsvName({
        metric: 'listings',
        compare: false,
        series: ['a', 'b', 'c', 'd'],
        from: '2026-06-01',
        to: '2026-06-02',
      }),
    ).toBe('slab-index-listings-4-series-2026-06-01-to-2026-06-02.csv');
  });
});
