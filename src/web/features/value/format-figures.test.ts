import { describe, expect, it } from 'vitest';
import { formatCount, formatIsoDate, formatPercentChange, formatUsd } from './format-figures';

describe('format-figures', () => {
  it('writes prices in USD with cents and thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(99.99)).toBe('$99.99');
  });

  it('writes counts as whole numbers with separators', () => {
    expect(formatCount(12045)).toBe('12,045');
  });

  it('writes percentage changes with their sign and two decimals', () => {
    expect(formatPercentChange(4.25)).toBe('+4.25%');
    expect(formatPercentChange(-12.5)).toBe('-12.50%');
    expect(formatPercentChange(0)).toBe('0.00%');
  });

  it('keeps the UTC calendar date of a date-time', () => {
    expect(formatIsoDate('2026-11-20T23:30:00.000Z')).toBe('2026-11-20');
    expect(formatIsoDate('2026-11-21T01:30:00+02:00')).toBe('2026-11-20');
  });
});
