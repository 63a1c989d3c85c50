import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { enrichedValueNote, plainValueNote } from './value-notes';

describe('value notes', () => {
  const as_of = '2026-11-15T21:40:00.000Z';
  const at = formatDateTime(as_of);

  it('says how many sales over which window, the price filter and the as-of time of the plain answer', () => {
    expect(
      plainValueNote({
        filter: { min_price: 100, max_price: 2500.5 },
        as_of,
        sample_size: 37,
        window_days: 90,
      }),
    ).toBe(`From 37 sales over the last 90 days, priced from $100.00 up to $2,500.50, as of ${at}.`);
    expect(
      plainValueNote({ filter: { min_price: null, max_price: 90 }, as_of, sample_size: 1, window_days: 90 }),
    ).toBe(`From 1 sale over the last 90 days, priced up to $90.00, as of ${at}.`);
    expect(plainValueNote({ filter: { min_price: null, max_price: null }, as_of, sample_size: 1200 })).toBe(
      `From 1,200 sales, as of ${at}.`,
    );
  });

  it('says when the plain answer widened its window', () => {
    expect(
      plainValueNote({
        filter: { min_price: null, max_price: null },
        as_of,
        sample_size: 4,
        window_days: 365,
      }),
    ).toBe(
      `From 4 sales over the last 365 days, as of ${at}. Widened to 365 days: the last 90 held fewer than 5 sales.`,
    );
  });

  it('says which window the enriched answer used, and whether it was widened', () => {
    expect(enrichedValueNote({ sample_size: 37, window_days: 90 })).toBe(
      'From 37 sales over the last 90 days.',
    );
    expect(enrichedValueNote({ sample_size: 3, window_days: 365 })).toBe(
      'From 3 sales over the last 365 days. Widened to 365 days: the last 90 held fewer than 5 sales.',
    );
    expect(enrichedValueNote({ sample_size: 12 })).toBe('From 12 sales.');
  });
});
