import { describe, expect, it } from 'vitest';
import { catalogueWords } from './catalogue-words';
import { rewriteWords } from './query-rewrites';

const catalogue = catalogueWords([
  '1986 Fleer Michael Jordan #57 RC',
  '2001 Upper Deck Michael Vick #86 RC',
  '2002 Topps Ed Reed #340 RC',
  '2010 Topps Stephen Strasburg #661 RC',
  '2023 Panini Prizm Victor Wembanyama #136 RC',
  '1989 Upper Deck Ken Griffey Jr. #1 Star Rookie',
  '1999 Pokemon Base Set 1st Edition Charizard Holo #4',
  '2003 Topps Chrome LeBron James #111 RC Refractor',
]);
const read = (q: string) => rewriteWords(q.split(' '), catalogue, 2026);

describe('rewriteWords: q as the catalogue writes it', () => {
  it('reads a word named like an object member (constructor, tostring) as a plain word', () => {
    // Found by the property test: `q=constructor` answered 500 while the tables were plain objects.
    // A word no title holds, with no catalogue word near it, is left out, as any other such word.
    expect(read('constructor fleer').words).toEqual(['fleer']);
    expect(read('tostring fleer').words).toEqual(['fleer']);
    expect(read('hasownproperty valueof fleer').words).toEqual(['fleer']);
  });

  it('expands nicknames into the words titles use', () => {
    expect(read('mj fleer').words).toEqual(['michael', 'jordan', 'fleer']);
    expect(read('wemby rc').words).toEqual(['wembanyama', 'rc']);
    expect(read('lbj chrome').words).toEqual(['lebron', 'james', 'chrome']);
    expect(read('zard 1st edition').words).toEqual(['charizard', '1st', 'edition']);
  });

  it('reads "1st ed" as 1st Edition even where "ed" is a title word (Ed Reed)', () => {
    const { words, rewrites } = read('charizard 1st ed');
    expect(words).toEqual(['charizard', '1st', 'edition']);
    expect(rewrites).toEqual([{ word: '1st ed', into: ['1st', 'edition'], kind: 'shorthand' }]);
    expect(read('ed reed').words).toEqual(['ed', 'reed']);
  });

  it('reads a two-digit number as its year where titles have it, but not 10 (a grade)', () => {
    expect(read('86 fleer jordan').words).toEqual(['1986', 'fleer', 'jordan']);
    expect(read('23 prizm').words).toEqual(['2023', 'prizm']);
    // 2010 is a title year, yet "10" is no title word: dropped, not read as 2010.
    expect(read('strasburg 10')).toMatchObject({ words: ['strasburg'], dropped: ['10'] });
    // Where titles also hold the number (the Vick #86), the number as typed is the alternate.
    expect(read('86 topps vick')).toMatchObject({
      words: ['1986', 'topps', 'vick'],
      alternates: [['86', 'topps', 'vick']],
    });
    expect(read('45 topps')).toMatchObject({ words: ['topps'], dropped: ['45'] }); // no 1945 title, no #45
  });

  it('swaps rc and rookie: the other word where one is in no title, an alternate where both are', () => {
    const onlyRc = rewriteWords(
      ['jordan', 'rookie'],
      catalogueWords(['1986 Fleer Michael Jordan #57 RC']),
      2026,
    );
    expect(onlyRc.words).toEqual(['jordan', 'rc']);
    const both = read('griffey rc');
    expect(both.words).toEqual(['griffey', 'rc']);
    expect(both.alternates).toEqual([['griffey', 'rookie']]);
  });

  it('corrects a misspelt word to the nearest title word, and drops one with none near', () => {
    expect(read('michael jordon fleer')).toMatchObject({
      words: ['michael', 'jordan', 'fleer'],
      rewrites: [{ word: 'jordon', into: ['jordan'], kind: 'correction' }],
      dropped: [],
    });
    expect(read('jordan zzqx')).toMatchObject({ words: ['jordan'], dropped: ['zzqx'] });
  });
});
