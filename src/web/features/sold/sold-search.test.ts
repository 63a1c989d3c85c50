import { describe, expect, it } from 'vitest';
import { GRADE_HINT } from '../../../contract/grades';
import {
  canonicalSoldSearch,
  checkSoldSearch,
  readSoldSearch,
  SOLD_URL,
  soldHrefWithQuery,
  writeSoldSearch,
} from './sold-search';

const soldSearchUrl = (search: Parameters<typeof canonicalSoldSearch>[0]) =>
  SOLD_URL.write(canonicalSoldSearch(search));

describe('sold URL state', () => {
  it('reads q, grade (shown canonically) and days, with the default window of 30 days', () => {
    expect(readSoldSearch(new URLSearchParams('q=charizard&grade=psa10'))).toEqual({
      q: 'charizard',
      grade: 'PSA 10',
      days: '30',
    });
    expect(readSoldSearch(new URLSearchParams('q=charizard&grade=psa11')).grade).toBe('psa11');
  });

  it('is idle until there is a card query', () => {
    expect(checkSoldSearch({ q: '  ', grade: '', days: '30' })).toEqual({ status: 'idle' });
  });

  it('canonicalises the grade and parses the window', () => {
    expect(checkSoldSearch({ q: 'charizard base', grade: 'psa10', days: '90' })).toEqual({
      status: 'ready',
      params: { q: 'charizard base', grade: 'PSA 10', days: 90 },
    });
  });

  it('refuses an unknown grade with the contract hint, before any request', () => {
    const check = checkSoldSearch({ q: 'charizard', grade: 'psa11', days: '30' });
    expect(check.status).toBe('invalid');
    if (check.status !== 'invalid') return;
    expect(check.hints.grade).toContain(GRADE_HINT);
    expect(check.hints.days).toBeUndefined();
  });

  it('refuses a window outside 1..365 naming the bounds', () => {
    const check = checkSoldSearch({ q: 'charizard', grade: '', days: '366' });
    expect(check).toEqual({
      status: 'invalid',
      hints: { days: 'days must be a whole number from 1 to 365 (default 30).' },
    });
  });

  it('writes the canonical state and leaves the default window out', () => {
    expect(writeSoldSearch({ q: 'charizard', grade: 'PSA 10', days: 30 }).toString()).toBe(
      'q=charizard&grade=PSA+10',
    );
    expect(writeSoldSearch({ q: 'charizard', days: 7 }).toString()).toBe('q=charizard&days=7');
  });

  it('round-trips: what it writes it reads back to the same parameters', () => {
    const params = { q: 'jordan fleer', grade: 'BGS 9.5', days: 180 };
    const back = checkSoldSearch(readSoldSearch(writeSoldSearch(params)));
    expect(back).toEqual({ status: 'ready', params });
  });
});

describe('canonicalSoldSearch, as written to the URL', () => {
  it('writes a valid search canonically', () => {
    expect(soldSearchUrl({ q: 'charizard', grade: 'psa10', days: '30' }).toString()).toBe(
      'q=charizard&grade=PSA+10',
    );
  });

  it('keeps an invalid search as typed, so the page can show the hint for it', () => {
    expect(soldSearchUrl({ q: 'charizard', grade: 'psa 11', days: '' }).toString()).toBe(
      'q=charizard&grade=psa+11',
    );
  });
});

describe('soldHrefWithQuery', () => {
  it('is the same page with another q, keeping grade and days', () => {
    expect(soldHrefWithQuery({ q: 'charizard zzqx', grade: 'PSA 10', days: 90 }, 'charizard')).toBe(
      '/sold?q=charizard&grade=PSA+10&days=90',
    );
    expect(soldHrefWithQuery({ q: 'zzqx base', days: 30 }, 'base')).toBe('/sold?q=base');
  });
});
