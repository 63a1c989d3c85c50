import { describe, expect, it } from 'vitest';
import { addDays, clampRange, eachDay, presetRange, subtractMonths, toDayNumber } from './index-dates';

describe('index dates', () => {
  it('counts days in UTC across month ends and leap days', () => {
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(toDayNumber('2026-06-01') - toDayNumber('2026-05-29')).toBe(3);
  });

  it('lists every day of a range, both ends included', () => {
    expect(eachDay('2026-05-30', '2026-06-02')).toEqual([
      '2026-05-30',
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
    ]);
    expect(eachDay('2026-06-02', '2026-06-01')).toEqual([]);
  });

  it('subtracts calendar months, clamping the day to the shorter month', () => {
    expect(subtractMonths('2026-11-21', 3)).toBe('2026-08-21');
    expect(subtractMonths('2027-03-31', 1)).toBe('2027-02-28');
    expect(subtractMonths('2027-01-15', 2)).toBe('2026-11-15');
  });

  it('ends presets on the latest snapshot, half-open like the API windows', () => {
    expect(presetRange('1M', '2026-11-21')).toEqual({ from: '2026-10-22', to: '2026-11-21' });
    expect(presetRange('3M', '2026-11-21')).toEqual({ from: '2026-08-22', to: '2026-11-21' });
    expect(presetRange('all', '2026-11-21')).toEqual({ from: '2026-05-29', to: '2026-11-21' });
  });

  it('never starts a preset before the index start', () => {
    expect(presetRange('6M', '2026-07-10')).toEqual({ from: '2026-05-29', to: '2026-07-10' });
  });

  it('clamps custom dates to the index start and the latest snapshot', () => {
    expect(clampRange({ from: '2025-01-01', to: '2030-01-01' }, '2026-11-21')).toEqual({
      from: '2026-05-29',
      to: '2026-11-21',
    });
    expect(clampRange({ from: '2026-07-01' }, '2026-11-21')).toEqual({
      from: '2026-07-01',
      to: '2026-11-21',
    });
    expect(clampRange({ to: '2026-06-30' }, '2026-11-21')).toEqual({ from: '2026-05-29', to: '2026-06-30' });
  });
});
