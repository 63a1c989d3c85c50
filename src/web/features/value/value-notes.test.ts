import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { enrichedValueNote, plainValueNote } from './value-notes';

describe('value notes', () => {
  const as_of = '2026-11-15T21:40:00.000Z';

  it('echoes the price filter of the plain answer with its as-of time', () => {
    expect(plainValueNote({ filter: { min_price: 100, max_price: 2500.5 }, as_of })).toBe(
      `Sales from $100.00 up to $2,500.50, as of ${formatDateTime(as_of)}.`,
    );
    expect(plainValueNote({ filter: { min_price: null, max_price: 90 }, as_of })).toBe(
      `Sales up to $90.00, as of ${formatDateTime(as_of)}.`,
    );
    expect(plainValueNote({ filter: { min_price: null, max_price: null }, as_of })).toBe(
      `Sales as of ${formatDateTime(as_of)}.`,
    );
  });

  it('says which window the enriched answer used, when the server says', () => {
    expect(enrichedValueNote({ window_days: 365 })).toBe('From the sales of the last 365 days.');
    expect(enrichedValueNote({})).toBe('From recent sales.');
  });
});
