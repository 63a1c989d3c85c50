import { describe, expect, it } from 'vitest';
import { exactTitleOf } from '../../../contract/card-query';
import { cardPageHref, exactCardQuery } from '../../lib/card-query/card-links';
import { checkValueSearch, readValueSearch } from './value-search';

const TITLE = '1999 Pokemon Base Set Charizard Holo #4';

describe('card links', () => {
  it('asks for one card with its title in double quotes', () => {
    expect(exactCardQuery(TITLE)).toBe(`"${TITLE}"`);
    expect(exactTitleOf(exactCardQuery(TITLE) ?? '')).toBe(TITLE.toLowerCase());
  });

  it('gives no query for a title the contract would refuse as q', () => {
    expect(exactCardQuery('x'.repeat(199))).toBeNull();
    expect(exactCardQuery('#')).toBeNull();
  });

  it('round-trips the quoted q through the URL of the value page', () => {
    const href = cardPageHref('/value', `"${TITLE}"`, 'PSA 10');
    expect(href).toBe('/value?q=%221999+Pokemon+Base+Set+Charizard+Holo+%234%22&grade=PSA+10');
    const search = readValueSearch(new URLSearchParams(href.slice('/value?'.length)));
    expect(search.q).toBe(`"${TITLE}"`);
    expect(checkValueSearch(search)).toEqual({
      status: 'ready',
      params: { q: `"${TITLE}"`, grade: 'PSA 10' },
    });
  });
});
