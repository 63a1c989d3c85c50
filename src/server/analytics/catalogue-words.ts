import { queryWords } from '../../contract/card-query';
import { editDistance } from '../text/edit-distance';

/**
 * The catalogue's vocabulary, made once per data version from every card title: which words a
 * title contains (the FTS5 tokenizer folds diacritics, so `pokemon` stands for `Pokémon` too), and
 * for a word no title contains, the nearest one (at most one edit for words of up to 5 letters,
 * two for longer ones; the commoner word on a tie).
 */
export interface CatalogueWords {
  has(word: string): boolean;
  /** How many titles contain the word (0 for none). */
  count(word: string): number;
  nearest(word: string): string | null;
  /** The `limit` words most titles contain, commonest first. */
  commonest(limit: number): string[];
}

export function catalogueWords(titles: Iterable<string>): CatalogueWords {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of queryWords(title.normalize('NFD').replace(/\p{M}+/gu, ''))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const vocabulary = [...counts.keys()].sort();
  const folded = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');
  return {
    commonest: (limit) =>
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .slice(0, limit)
        .map(([word]) => word),
    has: (word) => counts.has(folded(word)),
    count: (word) => counts.get(folded(word)) ?? 0,
    nearest(word) {
      // A number is not a misspelt word: "10" near "rc" would mislead.
      if (/^\d+$/.test(word)) return null;
      const limit = word.length <= 5 ? 1 : 2;
      let best: string | null = null;
      let bestDistance = limit;
      for (const candidate of vocabulary) {
        if (Math.abs(candidate.length - word.length) > bestDistance) continue;
        // Capped one above the best so far: a capped answer is never mistaken for a tie.
        const distance = editDistance(word, candidate, bestDistance + 1);
        if (distance > bestDistance) continue;
        if (
          best === null ||
          distance < bestDistance ||
          (counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)
        ) {
          best = candidate;
          bestDistance = distance;
        }
      }
      return best;
    },
  };
}
