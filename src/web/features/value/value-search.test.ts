import { describe, expect, it } from 'vitest';
import {
  canonicalValueSearch,
  checkValueSearch,
  readValueSearch,
  VALUE_URL,
  valueHrefWithQuery,
  writeValueSearch,
} from './value-search';

const valueSearchUrl = (search: Parameters<typeof canonicalValueSearch>[0]) =>
  VALUE_URL.write(canonicalValueSearch(search));

describe('value URL state', () => {
  it('reads every input, the enriched answer by default', () => {
    expect(readValueSearch(new URLSearchParams('q=charizard&min_price=10'))).toEqual({
      q: 'charizard',
      grade: '',
      min_price: '10',
      max_price: '',
      answer: 'enriched',
    });
    expect(readValueSearch(new URLSearchParams('q=x&answer=plain')).answer).toBe('plain');
    expect(readValueSearch(new URLSearchParams('q=x&answer=bogus')).answer).toBe('enriched');
  });

  it('parses prices and canonicalises the grade', () => {
    const check = checkValueSearch({
      q: 'charizard',
      grade: 'psa 10',
      min_price: '100',
      max_price: '2500.5',
      answer: 'plain',
    });
    expect(check).toEqual({
      status: 'ready',
      params: { q: 'charizard', grade: 'PSA 10', min_price: 100, max_price: 2500.5 },
    });
  });

  it('refuses min_price above max_price on the min_price field', () => {
    const check = checkValueSearch({
      q: 'charizard',
      grade: '',
      min_price: '50',
      max_price: '10',
      answer: 'enriched',
    });
    expect(check).toEqual({
      status: 'invalid',
      hints: { min_price: 'min_price must not be above max_price.' },
    });
  });

  it('refuses a negative price', () => {
    const check = checkValueSearch({
      q: 'charizard',
      grade: '',
      min_price: '-5',
      max_price: '',
      answer: 'enriched',
    });
    expect(check.status === 'invalid' && check.hints.min_price).toMatch(/non-negative number/);
  });

  it('round-trips through the URL, answer included', () => {
    const params = { q: 'charizard', grade: 'CGC 9.5', min_price: 10, max_price: 900 };
    const search = writeValueSearch(params, 'plain');
    expect(search.toString()).toBe('q=charizard&grade=CGC+9.5&min_price=10&max_price=900&answer=plain');
    const back = readValueSearch(search);
    expect(back.answer).toBe('plain');
    expect(checkValueSearch(back)).toEqual({ status: 'ready', params });
  });
});

describe('exact-title q in the URL', () => {
  const q = '"1999 Pokemon Base Set Charizard Holo #4"';

  it('keeps the quotes as part of q, through a submit and back', () => {
    const search = { q, grade: 'PSA 10', min_price: '', max_price: '', answer: 'enriched' as const };
    const url = valueSearchUrl(search);
    expect(url.toString()).toBe('q=%221999+Pokemon+Base+Set+Charizard+Holo+%234%22&grade=PSA+10');
    expect(readValueSearch(url)).toEqual(search);
    expect(checkValueSearch(readValueSearch(url))).toEqual({
      status: 'ready',
      params: { q, grade: 'PSA 10' },
    });
  });
});

describe('valueHrefWithQuery', () => {
  it('is the same page with another q, keeping grade, prices and the answer', () => {
    const params = { q: 'charizard zzqx', grade: 'PSA 10', min_price: 10, max_price: 900 };
    expect(valueHrefWithQuery(params, 'plain', 'charizard')).toBe(
      '/value?q=charizard&grade=PSA+10&min_price=10&max_price=900&answer=plain',
    );
    expect(valueHrefWithQuery({ q: 'zzqx base' }, 'enriched', 'base')).toBe('/value?q=base');
  });
});

describe('canonicalValueSearch, as written to the URL', () => {
  it('writes a valid search canonically and an invalid one as typed', () => {
    const base = {
      q: 'charizard',
      grade: 'psa10',
      min_price: '',
      max_price: '',
      answer: 'enriched' as const,
    };
    expect(valueSearchUrl(base).toString()).toBe('q=charizard&grade=PSA+10');
    expect(valueSearchUrl({ ...base, min_price: '9', max_price: '3', answer: 'plain' }).toString()).toBe(
      'q=charizard&grade=psa10&min_price=9&max_price=3&answer=plain',
    );
  });
});
