import { describe, expect, it } from 'vitest';
import { EARLIEST_TIME, importTimeLimits, parseTime } from './parse-time';

/** The import of these tests runs at this instant. */
const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const LIMITS = importTimeLimits(NOW);

/** The epoch ms read, or the reason the text is refused. */
const read = (text: string, limits = LIMITS): number | string => {
  const check = parseTime(text, limits);
  return check.ok ? check.ms : check.reason;
};

describe('ingest times', () => {
  it('reads dates, date-times with Z, offsets or no zone (UTC), and a space for the T', () => {
    expect(read('2026-07-01')).toBe(Date.parse('2026-07-01T00:00:00Z'));
    expect(read('2026-07-01T10:30:00Z')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(read('2026-07-01T10:30:00.5Z')).toBe(Date.parse('2026-07-01T10:30:00.500Z'));
    expect(read('2026-07-01T12:30:00+02:00')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(read('2026-07-01T05:30-0500')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    expect(read('2026-07-01 10:30')).toBe(Date.parse('2026-07-01T10:30:00Z'));
    // no zone at all is UTC, as it always was
    expect(read('2026-07-01T10:30:00')).toBe(read('2026-07-01T10:30:00Z'));
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
      '20261-01-01',
    ]) {
      expect(read(text), text).toBe('is not a date or ISO 8601 date-time');
    }
  });

  it('takes offsets up to ±14:00 and refuses those no zone has (hours above 14, minutes of 60 or more)', () => {
    const noon = Date.parse('2026-07-01T12:00:00Z');
    // local time minus the offset is UTC
    expect(read('2026-07-02T02:00+14:00')).toBe(noon);
    expect(read('2026-06-30T22:00-14:00')).toBe(noon);
    expect(read('2026-07-01T17:45+05:45')).toBe(noon);
    expect(read('2026-07-01T02:30-0930')).toBe(noon);
    expect(read('2026-07-01T12:00-00:00')).toBe(noon);
    for (const zone of ['+23:99', '+15:00', '-14:01', '+14:30', '+05:60', '-0975']) {
      expect(read(`2026-07-01T12:00${zone}`), zone).toBe(
        `has the offset "${zone}": an offset is Z or ±hh:mm, at most ±14:00, with minutes below 60`,
      );
    }
  });

  it('wants a year of 4 digits from 1900 (Date.UTC would read 0026 as 1926)', () => {
    expect(read('26-11-20')).toBe('has the year "26": a year must be 4 digits from 1900');
    expect(read('026-11-20T10:00Z')).toBe('has the year "026": a year must be 4 digits from 1900');
    expect(read('0026-11-20')).toBe('has the year "0026": a year must be 4 digits from 1900');
    expect(read('1899-12-31T23:59:59Z')).toBe('has the year "1899": a year must be 4 digits from 1900');
    expect(read('1900-01-01')).toBe(EARLIEST_TIME);
    expect(EARLIEST_TIME).toBe(Date.parse('1900-01-01T00:00:00Z'));
    // written in 1900, but before it in UTC
    expect(read('1900-01-01T00:30+01:00')).toBe('is before 1900-01-01T00:00:00.000Z');
  });

  it('refuses a time later than one day after the import, wherever its zone puts it', () => {
    expect(LIMITS).toEqual({ earliest: EARLIEST_TIME, latest: NOW + DAY });
    const refused = 'is later than one day after the import (latest accepted 2026-11-25T12:00:00.000Z)';
    expect(read('2026-11-25T12:00:00Z')).toBe(NOW + DAY);
    expect(read('2026-11-25T12:00:00.001Z')).toBe(refused);
    // 13:00 at +01:00 is 12:00 UTC, 12:00 at -01:00 is 13:00 UTC
    expect(read('2026-11-25T13:00+01:00')).toBe(NOW + DAY);
    expect(read('2026-11-25T12:00-01:00')).toBe(refused);
    expect(read('2026-11-26')).toBe(refused);
    expect(read('2030-01-01')).toBe(refused);
    // the limit moves with the import: the same text is fine for an import a week later
    expect(read('2026-11-26', importTimeLimits(NOW + 7 * DAY))).toBe(Date.parse('2026-11-26T00:00:00Z'));
  });
});
