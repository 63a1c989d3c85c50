import { describe, expect, it } from 'vitest';
import { soldCsv, soldCsvName } from './sold-csv';

const data = {
  avg: 1200.5,
  max: 2000,
  min: 800,
  median: 1150,
  sales: 12,
  window_days: 90,
  by_grade: [
    { grade: 'PSA 10', avg: 1800, median: 1750, sales: 4 },
    { grade: 'PSA 9', avg: 900.25, median: 880, sales: 8 },
  ],
};

describe('sold CSV', () => {
  it('writes the headline row, then one row per grade in the grades order', () => {
    expect(soldCsv({ q: '=charizard', days: 90 }, data)).toBe(
      'query,grade,window_days,median,avg,min,max,sales\r\n' +
        "'=charizard,all grades,90,1150,1200.5,800,2000,12\r\n" +
        "'=charizard,PSA 9,90,880,900.25,,,8\r\n" +
        "'=charizard,PSA 10,90,1750,1800,,,4\r\n",
    );
  });

  it('names the file by query, grade and window', () => {
    expect(soldCsvName({ q: 'charizard base', grade: 'PSA 10', days: 30 })).toBe(
      'sold-charizard-base-psa-10-last-30-days.csv',
    );
    expect(soldCsvName({ q: 'charizard', days: 365 })).toBe('sold-charizard-all-grades-last-365-days.csv');
  });
});
