import { describe, expect, it } from 'vitest';
import { ftsWordsQuery } from './sqlite-market-reader';

describe('FTS5 query of words', () => {
  it('quotes every word so that none is read as FTS5 syntax', () => {
    expect(ftsWordsQuery(['charizard', 'or', 'near'])).toBe('"charizard" "or" "near"');
    expect(ftsWordsQuery(['say"hi'])).toBe('"say""hi"');
  });
});
