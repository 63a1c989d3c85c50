import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time';

describe('ingest times', () => {
  it('reads dates, date-times with Z, offsets or no zone (UTC), and a space for the T', () => {
    expect(parseTime('2026-07-01')).toBe(Date.parse('2026-07-01T00:00:00Z'));
    expect(parseTime('2026-07-01T10:30:00Z')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(parseTime('2026-07-01T10:30:00.5Z')).toBe(Date.parse('2026-07-01T10:30:00.500Z'));
    expect(parseTime('2026-07-01T12:30:00+02:00')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(parseTime('2026-07-01T05:30-0500')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(parseTime('2026-07-01 10:30')).toBe(Date.parse('2026-07-01T10:30:00Z'));
  });

  it('refuses impossible or malformed times', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-07-01T24:00',
      '01/07/2026',
      'yesterday',
      '',
      '2026-7-1',
    ]) {
      expect(parseTime(text), text).toBeNull();
    }
  });
});
