import { describe, expect, it } from 'vitest';
import type { MarketReader } from '../store/market-reader';
import { cardMatches, intersectAscending } from './card-sales';

describe('intersectAscending', () => {
  it('keeps the ids every list holds, ascending', () => {
    expect(
      intersectAscending([
        [1, 3, 5, 7, 9],
        [3, 4, 5, 9],
        [0, 3, 9, 12],
      ]),
    ).toEqual([3, 9]);
    expect(intersectAscending([[2, 4, 6]])).toEqual([2, 4, 6]);
    expect(
      intersectAscending([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([]);
    expect(intersectAscending([[1, 2], []])).toEqual([]);
    expect(intersectAscending([])).toEqual([]);
  });
});

describe('cardMatches', () => {
  /** A reader whose catalogue search answers [length of the words] and counts its calls. */
  function countingReader(fail = false) {
    const asked: string[][] = [];
    const reader = {
      matchCards: async (words: string[]) => {
        asked.push(words);
        if (fail) throw new Error('disk I/O error');
        return [words.join(' ').length];
      },
    } as unknown as MarketReader;
    return { reader, asked };
  }

  it('searches the catalogue once per query, however it is spaced or cased', async () => {
    const { reader, asked } = countingReader();
    const matches = cardMatches(reader);
    expect(await matches('Topps  Chrome')).toEqual([12]);
    expect(await matches(' topps chrome ')).toEqual([12]);
    expect(await matches('chrome')).toEqual([6]);
    expect(asked).toEqual([['topps', 'chrome'], ['chrome']]);
  });

  it('forgets the least recently asked of more than 256 queries, and keeps no failed search', async () => {
    const { reader, asked } = countingReader();
    const matches = cardMatches(reader);
    await matches('w0');
    for (let i = 1; i <= 256; i += 1) await matches(`w${i}`);
    // 257 queries asked: w0 was the least recently asked, so it is searched again; w256 is kept.
    await matches('w256');
    expect(asked.length).toBe(257);
    await matches('w0');
    expect(asked.length).toBe(258);
    const failing = countingReader(true);
    const failingMatches = cardMatches(failing.reader);
    await expect(failingMatches('topps')).rejects.toThrow('disk I/O error');
    await expect(failingMatches('topps')).rejects.toThrow('disk I/O error');
    expect(failing.asked.length).toBe(2);
  });
});
