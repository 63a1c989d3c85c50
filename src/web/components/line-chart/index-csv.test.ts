import { describe, expect, it } from 'vitest';
import { chartCsv, csvCell, csvFileName } from './index-csv';

describe('chart CSV', () => {
  it('writes a date column and one column per series, gaps as empty cells', () => {
    const csv = chartCsv(
      ['pokemon', 'magic'],
      [
        { date: '2026-06-01', t: 0, values: [100.5, null] },
        { date: '2026-06-02', t: 1, values: [null, 42] },
      ],
    );
    expect(csv).toBe('date,pokemon,magic\r\n2026-06-01,100.5,\r\n2026-06-02,,42\r\n');
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas, but keeps negative numbers', () => {
    expect(csvCell('Bowman Chrome, 1st')).toBe('"Bowman Chrome, 1st"');
    expect(csvCell('The "Jungle" set')).toBe('"The ""Jungle"" set"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('@home')).toBe("'@home");
  });

  it('names the file after what it holds', () => {
    expect(csvFileName({ metric: 'median', compare: true, from: '2026-06-01', to: '2026-09-01' })).toBe(
      'slab-index-median-rebased-2026-06-01-to-2026-09-01.csv',
    );
  });
});
