import { describe, expect, it } from 'vitest';
import { usageCsv, usageCsvName } from './usage-csv';

const usage = {
  tier: 'free',
  quota: 1000,
  used: 7,
  remaining: 993,
  period_start: '2026-11-01',
  resets_at: '2026-12-01T00:00:00.000Z',
  by_day: [
    { date: '2026-11-01', calls: 0 },
    { date: '2026-11-02', calls: 5 },
    { date: '2026-11-03', calls: 2 },
  ],
  by_operation: [{ operation: 'getFloor', calls: 7 }],
};

describe('usage CSV', () => {
  it('writes the calls of each day, and is named by the days it covers', () => {
    expect(usageCsv(usage)).toBe('date,calls\r\n2026-11-01,0\r\n2026-11-02,5\r\n2026-11-03,2\r\n');
    expect(usageCsvName(usage)).toBe('usage-2026-11-01-to-2026-11-03.csv');
  });
});
