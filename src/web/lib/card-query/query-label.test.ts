import { describe, expect, it } from 'vitest';
import { queryLabel, quotedTitleOf } from './query-label';

describe('query label', () => {
  it('quotes a word query once', () => {
    expect(queryLabel('charizard base')).toBe('“charizard base”');
    expect(quotedTitleOf('charizard base')).toBeNull();
  });

  it('names an exact-title q by its title, this card only, without its straight quotes', () => {
    const q = ' "1999 Pokemon Base Set Charizard Holo #4" ';
    expect(quotedTitleOf(q)).toBe('1999 Pokemon Base Set Charizard Holo #4');
    expect(queryLabel(q)).toBe('“1999 Pokemon Base Set Charizard Holo #4” (this card only)');
  });
});
